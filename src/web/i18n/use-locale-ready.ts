import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../domain/locale";
import { setAppLocale } from ".";

/**
 * Whether the app speaks the user's language yet: switches to it (loading its catalogs) when the
 * signed-in user's choice differs, so the shell waits instead of flashing the other language.
 */
export function useLocaleReady(locale: Locale | undefined): boolean {
  const { i18n } = useTranslation();
  const [failed, setFailed] = useState<Locale | null>(null);
  const ready = !locale || i18n.language === locale || failed === locale;
  useEffect(() => {
    // A catalog that cannot load (offline) leaves the app in English rather than waiting forever.
    if (!ready && locale) setAppLocale(locale).catch(() => setFailed(locale));
  }, [ready, locale]);
  return ready;
}
