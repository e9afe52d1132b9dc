import { z } from "zod";
import { intId } from "./ids";

/**
 * Opt-in forms: the embeddable popup (spec doc 3 §2, §3, §4, §7, §8). A form is a container
 * style, a list of blocks, and when it shows (trigger, pages, how often). The public calls are
 * POST /opt-in-forms/public/render, /submit and /confirm.
 */
export const OPTIN_TEXTS = {
  /** Spec doc 3 §8, letter for letter. */
  invalidCode:
    'Invalid confirmation code. Your code may have expired, please click "Resend" to get a new one.',
  required: "Please fill out all required fields.",
  invalidPhone: "Invalid Phone Number",
  invalidEmail: "Invalid Email",
  notFound: "This form is not available.",
  viewUnknown: "This form has expired. Please reload the page.",
  tooManyCodes: "Too many codes were sent. Please try again later.",
  botFailed: "We could not check that you are human. Please try again.",
  codeSent: "Code sent!",
} as const;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1c7ed6");

export const optinContainer = z.object({
  bgColor: color.default("#ffffff"),
  textColor: color.default("#1f2933"),
  accentColor: color.default("#1c7ed6"),
  borderRadius: z.number().int().min(0).max(40).default(12),
  width: z.number().int().min(260).max(720).default(420),
  /** Dim the page behind the popup. */
  overlay: z.boolean().default(true),
});
export type OptinContainer = z.infer<typeof optinContainer>;

export const OPTIN_FIELDS = ["phone", "firstName", "lastName", "email"] as const;
export type OptinField = (typeof OPTIN_FIELDS)[number];

export const optinBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal("text"), text: z.string().trim().min(1).max(1000) }),
  z.object({
    type: z.literal("image"),
    src: z
      .string()
      .max(280_000)
      .regex(
        /^(https:\/\/|data:image\/(png|jpeg|webp|svg\+xml);base64,)/,
        "Use an https or uploaded image",
      ),
    alt: z.string().max(200).default(""),
  }),
  z.object({
    type: z.literal("fields"),
    fields: z.array(z.enum(OPTIN_FIELDS)).min(1).max(4),
    required: z.array(z.enum(OPTIN_FIELDS)).max(4).default(["phone"]),
  }),
  z.object({ type: z.literal("button"), text: z.string().trim().min(1).max(60) }),
  z.object({ type: z.literal("consent"), text: z.string().trim().min(1).max(1000) }),
]);
export type OptinBlock = z.infer<typeof optinBlock>;

export const OPTIN_TRIGGERS = ["delay", "scroll", "exit"] as const;

export const optinDisplay = z.object({
  trigger: z.enum(OPTIN_TRIGGERS).default("delay"),
  delaySeconds: z.number().int().min(0).max(600).default(5),
  /** Percent of the page scrolled (spec doc 3 §9). */
  scrollPercent: z.number().int().min(1).max(100).default(50),
  /** Where it shows: every page, or pages whose address contains / does not contain text. */
  urlMode: z.enum(["all", "contains", "not_contains"]).default("all"),
  urlValue: z.string().max(500).default(""),
  /** After it is closed, not shown again to the same visitor for this many days (0: every visit). */
  frequencyDays: z.number().int().min(0).max(365).default(7),
});
export type OptinDisplay = z.infer<typeof optinDisplay>;

export const optinFormInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  status: z.enum(["active", "paused"]).default("active"),
  phoneNumberId: intId().nullable().default(null),
  groupIds: z.array(intId()).max(50).default([]),
  container: optinContainer,
  blocks: z.array(optinBlock).min(1).max(20),
  display: optinDisplay,
});
export type OptinFormInput = z.infer<typeof optinFormInput>;

export const optinFormResponse = optinFormInput.extend({
  id: z.number(),
  views: z.number(),
  submissions: z.number(),
  confirmations: z.number(),
  createdAt: z.string(),
});
export type OptinFormResponse = z.infer<typeof optinFormResponse>;
export const optinFormListResponse = z.object({
  forms: z.array(optinFormResponse),
  accountName: z.string(),
  embedUrl: z.string(),
});

/** The code step the server answers a submission with (spec doc 3 §4 step 3). */
export function codeStepBlocks(phoneLast4: string): OptinBlock[] {
  return [
    { type: "heading", text: "Confirm your number" },
    {
      type: "text",
      text: `We texted a 6-digit code to the number ending in ${phoneLast4}. Enter it below.`,
    },
    { type: "button", text: "Confirm" },
  ];
}

export function doneBlocks(): OptinBlock[] {
  return [
    { type: "heading", text: "You're subscribed!" },
    { type: "text", text: "Thanks for joining. Reply STOP to any text to opt out." },
  ];
}

// --- the public calls ---
export const renderRequest = z.object({
  url: z.string().max(2000).default(""),
  accountName: z.string().trim().min(1).max(100),
});
export const renderResponse = z.object({
  data: z
    .object({
      formId: z.number(),
      displaySetting: optinDisplay,
      viewId: z.string(),
      container: optinContainer,
      blocks: z.array(optinBlock),
    })
    .nullable(),
});
export const submitRequest = z.object({
  viewId: z.uuid(),
  fields: z.record(z.string().max(40), z.string().max(200)),
  url: z.string().max(2000).default(""),
  /** Ask for a new code for the number already given (the Resend button). */
  resend: z.boolean().default(false),
  /** A solved bot challenge of this form (POST /opt-in-forms/public/challenge), used once. */
  proof: z.string().max(10_000).default(""),
});
export const challengeRequest = z.object({ viewId: z.uuid() });
export const blocksResponse = z.object({
  data: z.object({
    step: z.enum(["code", "done"]),
    blocks: z.array(optinBlock),
    number: z.string(),
  }),
});
export const confirmRequest = z.object({
  viewId: z.uuid(),
  code: z.string().trim().max(10),
  number: z.string().max(40).default(""),
  url: z.string().max(2000).default(""),
});

/** Whether a form shows on a page address, by its URL rule. */
export function showsOnUrl(d: Pick<OptinDisplay, "urlMode" | "urlValue">, url: string): boolean {
  const value = d.urlValue.trim().toLowerCase();
  if (d.urlMode === "all" || !value) return true;
  const has = url.toLowerCase().includes(value);
  return d.urlMode === "contains" ? has : !has;
}

export const DEFAULT_OPTIN_FORM: OptinFormInput = optinFormInput.parse({
  name: "Join our texts",
  container: {},
  blocks: [
    { type: "heading", text: "Get 10% off your next order" },
    { type: "text", text: "Join our text club for offers and news." },
    { type: "fields", fields: ["firstName", "phone"], required: ["phone"] },
    { type: "button", text: "Sign me up" },
    {
      type: "consent",
      text: "By submitting, you agree to receive recurring automated marketing texts at the number provided. Consent is not a condition of purchase. Msg & data rates may apply. Msg frequency varies. Reply HELP for help, STOP to cancel.",
    },
  ],
  display: {},
});
