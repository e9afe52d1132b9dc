/** Sign-up methods (spec doc 1 §3, doc 2 §3): stored as keys, shown with the spec's labels. */
export const SIGNUP_METHODS = {
  OPT_IN_MESSAGE: "Opt In Message",
  SIGN_UP_FORM: "Sign Up Form",
  PLATFORM_LEGACY: "Platform (Legacy)",
  SPREADSHEET_IMPORT: "Spreadsheet Import",
  API: "API",
  ACTIVE_DIRECTORY_SYNC: "Active Directory Sync",
  BLESS_IMPORT: "Bless Import",
  CONSTANT_CONTACT: "Constant Contact",
  SONLET_SYNC: "Sonlet Sync",
  INTEGRATION_SYNC: "Integration Sync",
  BLESS_REGISTRATION: "Bless Registration",
  ZIPWHIP: "Zipwhip",
  OPT_IN_WEB_BANNER: "Opt In Web Banner",
  ZAPIER: "Zapier",
  SHOPIFY: "Shopify",
  HUBSPOT: "Hubspot",
  KEYWORD: "Keyword",
  QR_CODE: "QR Code",
  MANUAL_ENTRY: "Manual Entry",
  WEBINAR_IMPORT: "Webinar Import",
} as const;

export type SignupMethod = keyof typeof SIGNUP_METHODS;
export const SIGNUP_METHOD_KEYS = Object.keys(SIGNUP_METHODS) as [SignupMethod, ...SignupMethod[]];

export function signupMethodLabel(key: string): string {
  return SIGNUP_METHODS[key as SignupMethod] ?? key;
}

export function isSignupMethod(key: unknown): key is SignupMethod {
  return typeof key === "string" && key in SIGNUP_METHODS;
}

/**
 * The sign-up method as a screen shows a subscriber: a number that only texted in and never
 * agreed to marketing is a conversation, not an opt-in, whatever its stored method says.
 */
export function subscriberSignupLabel(key: string, marketingConsent: boolean): string {
  if (key === "OPT_IN_MESSAGE" && !marketingConsent) return CONVERSATION_ONLY_LABEL;
  if (key === "MANUAL_ENTRY" && !marketingConsent) return ADDED_FOR_CONVERSATION_LABEL;
  return signupMethodLabel(key);
}

export const CONVERSATION_ONLY_LABEL = "Texted in (conversation only)";
/** A number added by hand to write to it from the inbox, with no marketing consent attested. */
export const ADDED_FOR_CONVERSATION_LABEL = "Added by hand (conversation only)";
