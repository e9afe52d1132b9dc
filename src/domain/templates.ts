import { z } from "zod";

export const TEMPLATE_TEXTS = {
  emptyPicker: "No Templates found",
  emptyList: "No templates found",
  registerToInsert: "Register your number to insert a template",
  requiresLink: "A link is required with this template",
  notFound: "That template was not found in this account.",
  nameRequired: "Enter a template name",
  messageRequired: "Enter message",
  created: "Template created",
  saved: "Template saved",
  deleted: "Template deleted",
  controlledOnly: "Controlled templates are for parent and child accounts only.",
  controlledReadOnly: "Controlled templates are managed by your parent account.",
} as const;

export const TEMPLATE_SMS_MAX = 2000;
export const TEMPLATE_MMS_MAX = 1550;
export const TEMPLATE_PICKER_PAGE_SIZE = 8;

export const templateRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, TEMPLATE_TEXTS.nameRequired)
      .max(100, "Names are at most 100 characters"),
    message: z.string().default(""),
    isMMS: z.boolean().default(false),
    attachment: z.string().trim().max(2000).nullable().default(null),
    requiresLink: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    const max = t.isMMS ? TEMPLATE_MMS_MAX : TEMPLATE_SMS_MAX;
    if (!t.isMMS && t.message.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["message"], message: TEMPLATE_TEXTS.messageRequired });
    }
    if (t.isMMS && t.message.trim() === "" && !t.attachment) {
      ctx.addIssue({
        code: "custom",
        path: ["message"],
        message: "Image is required if MMS message is empty",
      });
    }
    if (t.message.length > max) {
      ctx.addIssue({
        code: "custom",
        path: ["message"],
        message: `Messages cannot be longer than ${max} characters.`,
      });
    }
  });
export type TemplateRequest = z.input<typeof templateRequest>;

export const template = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  isMMS: z.boolean(),
  attachment: z.string().nullable(),
  requiresLink: z.boolean(),
  controlled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof template>;

export const listTemplatesQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(TEMPLATE_PICKER_PAGE_SIZE),
  query: z.string().trim().max(200).default(""),
  isMMS: z.enum(["true", "false"]).optional(),
});

export const listTemplatesResponse = z.object({
  rows: z.array(template),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Controlled templates: whether this account may add and edit them (a parent account). */
  canEdit: z.boolean(),
});

/** The account's sending state for the composer's template and link tools. */
export const contentStatus = z.object({
  unverifiedTollFree: z.boolean(),
  controlledTemplates: z.enum(["none", "parent", "child"]),
  /** The account's 10DLC brand and campaign are approved: its local numbers may carry links. */
  tenDlcRegistered: z.boolean(),
  /** 'Templates only' (Settings): only a saved template, as it is, may be sent. */
  templatesOnly: z.boolean(),
});
export type ContentStatus = z.infer<typeof contentStatus>;

/** Starter templates: offered on an empty list, seeded for the demo, and the pre-approved list of
 * unverified toll-free accounts (spec doc 1 §3, doc 2 §3). */
export const STARTER_TEMPLATES: readonly { name: string; message: string }[] = [
  {
    name: "Introduction Message",
    message:
      "Hi [first name]! Thanks for joining [business name] text messages. We'll send you news, updates and offers here. Reply STOP to opt out.",
  },
  {
    name: "Promotional Message",
    message:
      "[first name], this week only: [offer] at [business name]! Show this text in store or use code [code] online. Ends [end date].",
  },
  {
    name: "Coupon Message",
    message:
      "Here's your coupon, [first name]: [discount] off your next visit to [business name]. Use code [code] before [expiry date].",
  },
  {
    name: "Thank You Message",
    message:
      "Thank you for visiting [business name], [first name]! We hope to see you again soon. Questions? Just reply to this text.",
  },
  {
    name: "How's it going?",
    message:
      "Hi [first name], how's it going with your [product]? Reply with any questions, we're happy to help. - [your name] at [business name]",
  },
];
