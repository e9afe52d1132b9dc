import { z } from "zod";
import { intId } from "./ids";

/**
 * The public sign-up page (spec doc 3 §2-5, §8): its configuration, the visitor texts in English
 * and Spanish (i18next resources on the page; the server answers in the same words), and the
 * form rules shared by the page and the server.
 */

/** Field status values (spec doc 3 §3): 1 show, 2 required, 3 hidden. */
export const FIELD_STATUS = { show: 1, required: 2, hidden: 3 } as const;
export const fieldStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type FieldStatus = z.infer<typeof fieldStatus>;

export const BUILTIN_ELEMENTS = ["name", "email", "phone", "groups"] as const;
/** elementOrder entries: the built-in elements and `field:<custom field id>`. */
const elementKey = z.string().regex(/^(name|email|phone|groups|field:\d{1,9})$/, "Unknown field");

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1c7ed6");

export const signupPageConfig = z.object({
  companyName: z.string().trim().max(100).default(""),
  welcomeMessage: z.string().trim().max(1000).default(""),
  /** A data: URL of a PNG/JPEG/WebP/SVG logo, at most ~200 KB. */
  companyLogo: z
    .string()
    .max(280_000, "The logo must be smaller than 200 KB")
    .regex(/^(data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)?$/, "Unsupported logo")
    .default(""),
  bgColor: color.default("#f1f3f5"),
  accentColor: color.default("#1c7ed6"),
  textColor: color.default("#212529"),
  panelBgColor: color.default("#ffffff"),
  nameStatus: fieldStatus.default(1),
  emailStatus: fieldStatus.default(1),
  /**
   * The phone is always needed (an SMS list); hidden (3) hides the field where the page's link
   * carries the number (`phoneFieldShown`), as in a link texted to the person.
   */
  phoneStatus: fieldStatus.default(2),
  groupStatus: fieldStatus.default(3),
  /** The groups a visitor may pick from. */
  groupIds: z.array(intId()).max(100).default([]),
  /** Custom field id (as text) → status. */
  customFields: z.record(z.string().regex(/^\d{1,9}$/), fieldStatus).default({}),
  elementOrder: z
    .array(elementKey)
    .max(120)
    .default([...BUILTIN_ELEMENTS]),
  privacyPolicy: z.string().trim().max(5000).default(""),
  /** Ask the new subscriber to reply Y before marketing starts. */
  doubleOptIn: z.boolean().default(false),
});
export type SignupPageConfig = z.infer<typeof signupPageConfig>;

export const DEFAULT_SIGNUP_CONFIG: SignupPageConfig = signupPageConfig.parse({});

export const signupPageSettings = z.object({
  config: signupPageConfig,
  live: z.boolean(),
});

export const signupPageEditorResponse = z.object({
  accountName: z.string(),
  businessName: z.string(),
  formVersion: z.number(),
  live: z.boolean(),
  config: signupPageConfig,
  publicUrl: z.string(),
});

export const publicCustomField = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  status: fieldStatus,
  options: z.array(z.string()),
});
export type PublicCustomField = z.infer<typeof publicCustomField>;

/** What /subscribe/:accountName loads (spec doc 3 §7 "get sign-up page by accountName"). */
export const publicSignupPage = z.object({
  accountName: z.string(),
  businessName: z.string(),
  formVersion: z.number(),
  config: signupPageConfig.omit({ customFields: true, groupIds: true }),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  customFields: z.array(publicCustomField),
  privacyUrl: z.string(),
  /** Set on an opt-in tracker page (/optIn/:accountName/:slug): its own headline and button. */
  tracker: z
    .object({
      slug: z.string(),
      title: z.string(),
      description: z.string(),
      buttonText: z.string(),
    })
    .optional(),
});
export type PublicSignupPage = z.infer<typeof publicSignupPage>;

export const SIGNUP_LANGS = ["en", "es"] as const;
export type SignupLang = (typeof SIGNUP_LANGS)[number];

/** The subscriber sign-up payload (spec doc 3 §3) plus the language and version shown. */
export const signupSubmission = z.object({
  firstName: z.string().max(100).default(""),
  lastName: z.string().max(100).default(""),
  number: z.string().max(40).default(""),
  email: z.string().max(200).default(""),
  groupIds: z.array(intId()).max(100).default([]),
  subscriberFields: z.record(z.string().regex(/^\d{1,9}$/), z.unknown()).default({}),
  /** The bot challenge's answer (the spec's recaptchaToken; here a proof of work). */
  recaptchaToken: z.string().max(20_000).default(""),
  lang: z.enum(SIGNUP_LANGS).default("en"),
  formVersion: z.number().int().min(0).max(1_000_000).default(0),
  /**
   * The page's own URL (consent evidence: where the sign-up was made). Checked by the server and
   * dropped when unfit; never a reason to refuse a sign-up.
   */
  pageUrl: z.string().optional().catch(undefined),
});
export type SignupSubmission = z.infer<typeof signupSubmission>;

export const signupResult = z.object({
  data: z.object({ subscribed: z.boolean(), confirmationSent: z.boolean(), message: z.string() }),
});

/** Phone pattern (spec doc 3 §5): optional plus, a 1-3 digit country code, then 9-16 digits, spaces, dots, dashes or slashes. */
export const PHONE_PATTERN = /^\+?\d{1,3}[\d\s./-]{9,16}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Every visitor-facing text of the page, in both languages (i18next resources). */
export const SIGNUP_TEXTS = {
  en: {
    title: "Sign up for text messages",
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    phone: "Phone Number",
    groups: "Groups",
    address: "Address",
    city: "City",
    state: "State",
    zip: "Zip Code",
    yes: "Yes",
    no: "No",
    submit: "Sign Up",
    submitting: "Signing up…",
    invalidPhone: "Invalid Phone Number",
    invalidEmail: "Invalid Email",
    required: "{{label}} is required",
    fillRequired: "Please fill out all required fields.",
    signupError: "Email or number is invalid",
    success: "You're signed up! Watch for a text from us.",
    successConfirm: "Almost done! Reply Y to the text we just sent to confirm your subscription.",
    successTitle: "Thank you",
    errorTitle: "Something went wrong",
    close: "Close",
    notFound: "This sign-up page does not exist.",
    notLive: "This sign-up page is not accepting sign-ups right now.",
    consent:
      "By signing up you agree to receive recurring automated marketing text messages from {{business}} at the number provided. Consent is not a condition of purchase. Message frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to cancel.",
    terms: "Privacy Policy",
    checking: "Checking you're human…",
    botFailed: "We could not check that you are human. Please try again.",
    tooManyTexts: "Too many texts were requested from this form. Please try again in an hour.",
    language: "Language",
    poweredBy: "Text messages by Parley",
    loadFailed: "This page could not be loaded. Please try again.",
  },
  es: {
    title: "Suscríbase a nuestros mensajes de texto",
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    phone: "Número de teléfono",
    groups: "Grupos",
    address: "Dirección",
    city: "Ciudad",
    state: "Estado",
    zip: "Código postal",
    yes: "Sí",
    no: "No",
    submit: "Suscribirse",
    submitting: "Suscribiendo…",
    invalidPhone: "Número de teléfono no válido",
    invalidEmail: "Correo electrónico no válido",
    required: "{{label}} es obligatorio",
    fillRequired: "Por favor, complete todos los campos obligatorios.",
    signupError: "El correo electrónico o el número no son válidos",
    success: "¡Ya está suscrito! Pronto recibirá un mensaje de texto nuestro.",
    successConfirm:
      "¡Casi listo! Responda Y al mensaje que le acabamos de enviar para confirmar su suscripción.",
    successTitle: "Gracias",
    errorTitle: "Algo salió mal",
    close: "Cerrar",
    notFound: "Esta página de suscripción no existe.",
    notLive: "Esta página de suscripción no acepta suscripciones en este momento.",
    consent:
      "Al suscribirse, acepta recibir mensajes de texto de marketing automatizados y recurrentes de {{business}} en el número proporcionado. El consentimiento no es condición de compra. La frecuencia de los mensajes varía. Pueden aplicarse tarifas de mensajes y datos. Responda AYUDA para obtener ayuda o PARAR para cancelar.",
    terms: "Política de privacidad",
    checking: "Comprobando que es una persona…",
    botFailed: "No pudimos comprobar que es una persona. Inténtelo de nuevo.",
    tooManyTexts:
      "Se pidieron demasiados mensajes desde este formulario. Inténtelo de nuevo en una hora.",
    language: "Idioma",
    poweredBy: "Mensajes de texto por Parley",
    loadFailed: "No se pudo cargar esta página. Inténtelo de nuevo.",
  },
} as const;
export type SignupTextKey = keyof (typeof SIGNUP_TEXTS)["en"];

export function signupText(
  lang: SignupLang,
  key: SignupTextKey,
  vars: Record<string, string> = {},
) {
  return SIGNUP_TEXTS[lang][key].replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
}

/** The consent line shown under the button, recorded with each sign-up. */
export function consentLine(lang: SignupLang, businessName: string): string {
  return signupText(lang, "consent", { business: businessName });
}

export interface SignupValues {
  firstName: string;
  lastName: string;
  number: string;
  email: string;
  groupIds: number[];
  subscriberFields: Record<string, unknown>;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === "string") return v.trim() === "";
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

const ADDRESS_PARTS = ["address", "city", "state", "zip"] as const;

/**
 * The form rules (spec doc 3 §5): required fields by status, the phone pattern (a phone is
 * always needed: it is an SMS list), the e-mail form, a required group needs one, a required
 * address needs all four parts. Keys: firstName, lastName, email, number, groups, field:<id>.
 */
export function validateSignup(
  v: SignupValues,
  page: Pick<PublicSignupPage, "config" | "customFields">,
  lang: SignupLang,
): Record<string, string> {
  const t = (key: SignupTextKey, vars?: Record<string, string>) => signupText(lang, key, vars);
  const errors: Record<string, string> = {};
  const c = page.config;
  if (c.nameStatus === FIELD_STATUS.required) {
    if (isEmpty(v.firstName)) errors.firstName = t("required", { label: t("firstName") });
    if (isEmpty(v.lastName)) errors.lastName = t("required", { label: t("lastName") });
  }
  const email = v.email.trim();
  if (c.emailStatus !== FIELD_STATUS.hidden) {
    if (email && !EMAIL_PATTERN.test(email)) errors.email = t("invalidEmail");
    else if (!email && c.emailStatus === FIELD_STATUS.required)
      errors.email = t("required", { label: t("email") });
  }
  // Parentheses around an area code, as people write it, are read as the spaces they stand for.
  if (!PHONE_PATTERN.test(v.number.replace(/[()]/g, " ").replace(/\s+/g, " ").trim()))
    errors.number = t("invalidPhone");
  if (c.groupStatus === FIELD_STATUS.required && v.groupIds.length === 0)
    errors.groups = t("required", { label: t("groups") });
  for (const f of page.customFields) {
    if (f.status !== FIELD_STATUS.required) continue;
    const value = v.subscriberFields[String(f.id)];
    if (f.type === "address") {
      const a = (value ?? {}) as Record<string, unknown>;
      if (ADDRESS_PARTS.some((p) => isEmpty(a[p])))
        errors[`field:${f.id}`] = t("required", { label: f.name });
    } else if (f.type === "boolean" ? value !== true && value !== false : isEmpty(value)) {
      errors[`field:${f.id}`] = t("required", { label: f.name });
    }
  }
  return errors;
}

/**
 * Whether the visitor sees the phone field: always, unless the page hides it (status 3) and its
 * link carries the number (`readSignupUrl().phone`), which is then sent as given. A hidden phone
 * with no number in the link is asked after all: a sign-up to an SMS list needs one.
 */
export function phoneFieldShown(status: FieldStatus, urlPhone: string | null): boolean {
  return status !== FIELD_STATUS.hidden || urlPhone === null;
}

/**
 * The URL rules (spec doc 3 §5): phoneNumber with 9+ digits is prefilled and locked; 6-7 digits
 * is a group id, preselected and locked; groupIds (comma-separated) preselects groups.
 */
export function readSignupUrl(search: URLSearchParams): {
  lang: SignupLang;
  phone: string | null;
  lockedGroupIds: number[];
  preselectedGroupIds: number[];
} {
  const lang = search.get("lang")?.toLowerCase() === "es" ? "es" : "en";
  const raw = search.get("phoneNumber")?.trim() ?? "";
  const digits = raw.replace(/\D/g, "");
  const phone = digits.length >= 9 ? raw : null;
  const lockedGroupIds = digits.length >= 6 && digits.length <= 7 ? [Number(digits)] : [];
  const preselectedGroupIds = (search.get("groupIds") ?? "")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  return { lang, phone, lockedGroupIds, preselectedGroupIds };
}
