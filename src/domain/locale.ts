import { z } from "zod";

/** The languages the signed-in app speaks; each user picks one (users.locale). */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];

export const localeSchema = z.enum(LOCALES);

/** Settings → Language: the signed-in user's own choice. */
export const localeUpdate = z.object({ locale: localeSchema });

/** The BCP 47 tag Intl formats dates and numbers with, per app language. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", es: "es-419" };
