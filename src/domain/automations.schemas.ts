import { z } from "zod";
import { automationGraph } from "./automation-graph";
import { bigId, intId } from "./ids";

/** What puts a person into an automation. Events other features emit, or a date in a field. */
export const automationTrigger = z.discriminatedUnion("type", [
  z.object({ type: z.literal("group.joined"), groupId: intId() }),
  z.object({
    type: z.literal("keyword.joined"),
    keywordId: intId().nullable().default(null),
  }),
  z.object({ type: z.literal("form.submitted") }),
  z.object({
    type: z.literal("optin_form.submitted"),
    formId: intId().nullable().default(null),
  }),
  z.object({
    type: z.literal("link.clicked"),
    linkId: bigId().nullable().default(null),
  }),
  z.object({
    type: z.literal("message.received"),
    /** Any of these words (empty: any text). */
    words: z.array(z.string().trim().min(1).max(160)).max(50).default([]),
  }),
  z.object({
    type: z.literal("date_field"),
    fieldId: intId(),
    /** yearly: on the date's day every year (birthdays); once: on the date itself. */
    repeat: z.enum(["yearly", "once"]),
    /** Enter this many days before the date (0: on the day). */
    daysBefore: z.number().int().min(0).max(365).default(0),
  }),
  z.object({ type: z.literal("api") }),
]);
export type AutomationTrigger = z.infer<typeof automationTrigger>;
export type TriggerType = AutomationTrigger["type"];

export const TRIGGER_LABELS: Record<TriggerType, string> = {
  "group.joined": "Joins a group",
  "keyword.joined": "Texts a keyword",
  "form.submitted": "Signs up on the sign-up page",
  "optin_form.submitted": "Submits an opt-in form",
  "link.clicked": "Clicks a link",
  "message.received": "Sends a text containing",
  date_field: "A date in a field",
  api: "An API call",
};

export const AUTOMATION_KINDS = ["drip", "workflow", "chatbot"] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];
export const AUTOMATION_STATUSES = ["draft", "active", "paused"] as const;

export const EXIT_REASONS: Record<string, string> = {
  opted_out: "Opted out",
  replied: "Replied",
  left_group: "Left the group",
  stopped: "Stopped by a user",
  no_consent: "No marketing consent",
  no_number: "No sending number",
  deleted: "Step removed",
};

export const automationInput = z.object({
  kind: z.enum(AUTOMATION_KINDS),
  name: z.string().trim().min(1, "Name is required").max(100, "Name is too long"),
  trigger: automationTrigger,
  graph: automationGraph,
  phoneNumberId: intId().nullable().default(null),
  exitOnReply: z.boolean().default(true),
  exitOnGroupLeave: z.boolean().default(true),
});
export type AutomationInput = z.infer<typeof automationInput>;

export const automationUpdate = automationInput.omit({ kind: true }).extend({
  /** People already inside move to the new version (at the step of the same id) instead of finishing the one they entered. */
  moveRuns: z.boolean().default(false),
});

export const automationStatusRequest = z.object({ status: z.enum(AUTOMATION_STATUSES) });

export const automationSummary = z.object({
  id: z.number(),
  kind: z.enum(AUTOMATION_KINDS),
  name: z.string(),
  status: z.enum(AUTOMATION_STATUSES),
  trigger: automationTrigger,
  version: z.number(),
  active: z.number(),
  entered: z.number(),
  completed: z.number(),
  texts: z.number(),
  updatedAt: z.string(),
});
export type AutomationSummary = z.infer<typeof automationSummary>;

export const automationDetail = automationSummary.extend({
  graph: automationGraph,
  phoneNumberId: z.number().nullable(),
  exitOnReply: z.boolean(),
  exitOnGroupLeave: z.boolean(),
});
export type AutomationDetail = z.infer<typeof automationDetail>;

export const listAutomationsQuery = z.object({ kind: z.enum(AUTOMATION_KINDS) });
export const listAutomationsResponse = z.object({ rows: z.array(automationSummary) });

export const automationReport = z.object({
  entered: z.number(),
  active: z.number(),
  completed: z.number(),
  exited: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number() })),
  /** People waiting before each step, and how many passed it. */
  steps: z.array(
    z.object({ stepId: z.string(), label: z.string(), waiting: z.number(), passed: z.number() }),
  ),
  texts: z.number(),
  delivered: z.number(),
  failed: z.number(),
  replies: z.number(),
  clicks: z.number(),
  optOuts: z.number(),
});
export type AutomationReport = z.infer<typeof automationReport>;

export const validateGraphRequest = z.object({ graph: automationGraph });
export const validateGraphResponse = z.object({
  problems: z.array(z.object({ stepId: z.string().nullable(), message: z.string() })),
});

export const clockResponse = z.object({ now: z.string(), movable: z.boolean() });
export const advanceClockRequest = z.object({
  minutes: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 60),
});
