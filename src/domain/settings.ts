import { z } from "zod";

/**
 * Account and user settings are key/value rows (spec doc 1 §3, §6-7). Each key has one schema
 * here; the server validates writes with it and the web parses reads with it.
 */
export const ONBOARDING_STEP = {
  DISABLED: 0,
  ADD_SUBSCRIBER: 1,
  SEND_MESSAGE: 2,
  VIEW_REPORTING: 3,
  FINISHED: 4,
  SKIPPED: 5,
} as const;

const flag = z.boolean();
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time such as 21:00");

export const DISPLAY_QUANTITY_KEYS = [
  "mc",
  "mg",
  "dn",
  "oor",
  "mt",
  "dc",
  "wr",
  "lt",
  "smt",
] as const;

export const ACCOUNT_SETTINGS = {
  onboarding_step: z.number().int().min(0).max(ONBOARDING_STEP.SKIPPED),
  quiet_hours: z.array(z.tuple([timeOfDay, timeOfDay])).max(7),
  display_quantities: z.partialRecord(
    z.enum(DISPLAY_QUANTITY_KEYS),
    z.number().int().min(1).max(500),
  ),
  experiment_tool_id: z.string().max(200),
  disable_sam: flag,
  template_sending_only: flag,
  priority_support: flag,
  advanced_reporting: flag,
  quicksight_allowed: flag,
  skip_tfn_verification: flag,
  complete_tfn_verification: flag,
  require_brand_registration: flag,
  message_allotment_popup_disable: flag,
  /** Where a texter reaches the business (e-mail, phone or web address), named in HELP answers. */
  support_contact: z.string().trim().max(200),
  /** What the text program is ("Acme weekly deals"), named in HELP and START answers. */
  program_description: z.string().trim().max(160),
  /** Send settings (doc 1 §3): a header and footer added to messages, foreign characters allowed. */
  send_settings: z.object({
    header: z.string().max(100),
    footer: z.string().max(100),
    allowForeignChars: z.boolean(),
  }),
} as const;

export const USER_SETTINGS = {
  disable_send_all: flag,
} as const;

export const GLOBAL_SETTINGS = {
  chatbot_disabled: flag,
  new_web_account_long_code_selection: flag,
} as const;

export type AccountSettingName = keyof typeof ACCOUNT_SETTINGS;

/**
 * Account settings the plan decides (and the Parley operator, `npm run admin -- account-flags`):
 * Settings shows them under 'Set by your plan'; the account's own users cannot change them.
 */
export const PLAN_FLAGS = [
  "priority_support",
  "advanced_reporting",
  "quicksight_allowed",
  "require_brand_registration",
  "skip_tfn_verification",
  "complete_tfn_verification",
] as const satisfies readonly AccountSettingName[];
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** What kind of account it is (columns of the account): the operator's alone to set. */
export const ACCOUNT_TYPE_FLAGS = [
  "is_developer",
  "is_test_account",
  "is_tsi",
  "is_webinar_customer",
] as const;
export type AccountTypeFlag = (typeof ACCOUNT_TYPE_FLAGS)[number];

export function isPlanFlag(name: string): name is PlanFlag {
  return (PLAN_FLAGS as readonly string[]).includes(name);
}
export function isAccountTypeFlag(name: string): name is AccountTypeFlag {
  return (ACCOUNT_TYPE_FLAGS as readonly string[]).includes(name);
}

export const FLAG_OWNER_TEXT = {
  plan: (name: string) =>
    `"${name}" is set by your plan. Change your plan, or contact us, to change it.`,
  accountType: (name: string) =>
    `"${name}" says what kind of account this is and is set by the Parley operator. Contact us to change it.`,
} as const;
export type UserSettingName = keyof typeof USER_SETTINGS;
export type GlobalSettingName = keyof typeof GLOBAL_SETTINGS;

export const ACCOUNT_SETTING_DEFAULTS: {
  [K in AccountSettingName]: z.infer<(typeof ACCOUNT_SETTINGS)[K]>;
} = {
  onboarding_step: ONBOARDING_STEP.ADD_SUBSCRIBER,
  quiet_hours: [],
  display_quantities: {},
  experiment_tool_id: "",
  disable_sam: false,
  template_sending_only: false,
  priority_support: false,
  advanced_reporting: false,
  quicksight_allowed: false,
  skip_tfn_verification: false,
  complete_tfn_verification: false,
  require_brand_registration: false,
  message_allotment_popup_disable: false,
  support_contact: "",
  program_description: "",
  send_settings: { header: "", footer: "", allowForeignChars: false },
};

export const USER_SETTING_DEFAULTS: { [K in UserSettingName]: z.infer<(typeof USER_SETTINGS)[K]> } =
  {
    disable_send_all: false,
  };

export const GLOBAL_SETTING_DEFAULTS: {
  [K in GlobalSettingName]: z.infer<(typeof GLOBAL_SETTINGS)[K]>;
} = {
  chatbot_disabled: false,
  new_web_account_long_code_selection: false,
};

export function isAccountSetting(name: string): name is AccountSettingName {
  return Object.hasOwn(ACCOUNT_SETTINGS, name);
}
export function isUserSetting(name: string): name is UserSettingName {
  return Object.hasOwn(USER_SETTINGS, name);
}
export function isGlobalSetting(name: string): name is GlobalSettingName {
  return Object.hasOwn(GLOBAL_SETTINGS, name);
}

/** A setting counts as enabled when it holds a truthy value (true, a non-zero number, a non-empty list). */
export function isEnabledValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === "object") return Object.keys(value).length > 0;
  return Boolean(value);
}
