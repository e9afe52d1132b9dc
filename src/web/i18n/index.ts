import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { INTL_LOCALE, type Locale } from "../../domain/locale";
import type { InnerPhrase, Phrase } from "../../domain/phrase";
import en from "./en.json";

/**
 * The signed-in app's one i18next instance (the public pages have their own, in
 * features/growth/lib/signup-i18n.ts). Keys are the English texts themselves: t("Send Message")
 * shows the spec's words with no English catalog to drift from them. en.json holds only the
 * English plural forms ("{{count}} subscribers_one"); Spanish lives beside the code it
 * translates, one es.json per folder (features/<area>, components, app) and this folder's
 * es.json for the messages of src/domain and the server, all loaded only when a user picks
 * Spanish. src/web/i18n/catalogs.test.ts keeps the catalogs and the code in step.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  resources: { en: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/** Marks a text for the catalogs where it is written as data (nav labels, option lists); t() shows it. */
export const tk = <T extends string>(key: T): T => key;

const spanishCatalogs = import.meta.glob<Record<string, string>>(
  [
    "../app/es.json",
    "../components/es.json",
    "../lib/es.json",
    "../features/*/es.json",
    "./es.json",
  ],
  { import: "default" },
);

async function loadSpanish() {
  if (i18n.hasResourceBundle("es", "translation")) return;
  const [parts] = await Promise.all([
    Promise.all(Object.values(spanishCatalogs).map((load) => load())),
    // Mantine's date pickers name months and days through dayjs.
    import("dayjs/locale/es"),
  ]);
  i18n.addResourceBundle("es", "translation", Object.assign({}, ...parts));
}

/** Switches the app to the user's language: loads its catalogs first, then every t() follows. */
export async function setAppLocale(locale: Locale): Promise<void> {
  if (locale === "es") await loadSpanish();
  await i18n.changeLanguage(locale);
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

export function appLocale(): Locale {
  return i18n.language === "es" ? "es" : "en";
}

/** The BCP 47 tag dates and numbers are formatted with ('en-US', 'es-419'). */
export function intlLocale(): string {
  return INTL_LOCALE[appLocale()];
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** 1,234 in English, 1,234 or 1.234 as Spanish writes it: the active language's digits. */
export function formatNumber(n: number, opts?: Intl.NumberFormatOptions): string {
  const key = `${intlLocale()} ${JSON.stringify(opts ?? {})}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(), opts);
    numberFormats.set(key, f);
  }
  return f.format(n);
}

/**
 * A message that came from elsewhere (the server, a domain schema) in the active language when
 * a catalog knows it, else as it came: the server's texts stay English and exact.
 */
export function translateMessage(message: string): string {
  return appLocale() === "en" ? message : i18n.t(message, { defaultValue: message });
}

/** The same, for each field's message of a form's errors. */
export function translateFields<T extends Partial<Record<string, string>>>(fields: T): T {
  const out: Partial<Record<string, string>> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = translateMessage(v);
  return out as T;
}

/**
 * A sentence the server composed from values (src/domain/phrase.ts) in the active language: the
 * whole sentence from the catalog, its numbers written as the language writes them, its inner
 * phrases worded the same way. English needs no catalog: the key is the English.
 */
export function translatePhrase(p: Phrase | InnerPhrase): string {
  const values: Record<string, string> = {};
  for (const [name, v] of Object.entries(p.values))
    values[name] =
      typeof v === "number" ? formatNumber(v) : typeof v === "string" ? v : translatePhrase(v);
  return i18n.t(p.key, values);
}
