import i18next, { type i18n } from "i18next";
import { SIGNUP_TEXTS, type SignupLang } from "../../../../domain/signup-page";

/**
 * The visitor-facing texts of the public growth pages, EN and ES (spec doc 3 §1), as an i18next
 * instance of their own so the signed-in app's strings stay apart. The words live in
 * src/domain/signup-page.ts, where the server's answers read them too.
 */
export function createSignupI18n(lang: SignupLang): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: "en",
    resources: {
      en: { translation: SIGNUP_TEXTS.en },
      es: { translation: SIGNUP_TEXTS.es },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
