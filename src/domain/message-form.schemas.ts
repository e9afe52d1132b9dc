import { z } from "zod";
import { bigId, intId, MAX_INT_ID, signedIntId } from "./ids";
import { REPEAT_FREQUENCIES, WEEKDAYS } from "./repeat";
import { applySendSettings, type SendSettings } from "./send-settings";
import { normaliseText } from "./text-normalise";

/**
 * The send-message form (spec doc 2 §3) with every validation message of doc 2 §5: one schema,
 * parsed by the web form before it submits and by the server (POST/PUT /api/sends).
 */

export const MAX_SMS_LENGTH = 2000;
const MAX_MMS_LENGTH = 1550;
const CUSTOM_REPEAT_MAX = 12;
const OCCURRENCES_MAX = 9999;

/** The limit of a message's own text (header, footer and signature are not part of it). */
export function maxMessageLength(isMms: boolean): number {
  return isMms ? MAX_MMS_LENGTH : MAX_SMS_LENGTH;
}

/** Characters as a person counts them (an emoji is one). */
export function messageLength(text: string): number {
  return [...text].length;
}

export const MESSAGE_FORM_TEXT = {
  dateRequired: "Please select a date",
  timeRequired: "Please select a time",
  timezoneRequired: "Please select a timezone",
  dayRequired: "Please select at least one day",
  subscribersRequired: "Select at least one subscriber",
  groupsRequired: "Select at least one group",
  messageRequired: "Enter message",
  imageRequired: "Image is required if MMS message is empty",
  repeatFrequencyRequired: "Please enter a repeat frequency",
  repeatFrequencyMin: "Repeat every must be at least 1",
  repeatFrequencyMax: "Repeat every cannot exceed 12",
  customDayRequired: "At least one day should be selected",
  endDateRequired: "End message date is required",
  occurrencesRequired: "A value is required",
  occurrencesNumber: "Messages amount must be a valid number",
  occurrencesMin: "Messages amount must be at least 1",
  occurrencesMax: "Repeat every cannot exceed 9999",
  tooLong: (max: number) => `Messages cannot be longer than ${max} characters.`,
  atLimit: (max: number) => `Messages can only be ${max} characters long.`,
} as const;

export const CUSTOM_REPEAT_UNITS = ["weeks", "months", "years"] as const;
export const CUSTOM_REPEAT_UNIT_LABELS: Record<(typeof CUSTOM_REPEAT_UNITS)[number], string> = {
  weeks: "Weeks",
  months: "Months",
  years: "Years",
};
export const CUSTOM_END_TYPES = ["never", "date", "occurrences"] as const;
export const CUSTOM_END_LABELS: Record<(typeof CUSTOM_END_TYPES)[number], string> = {
  never: "Never",
  date: "Specific Date",
  occurrences: "Occurences",
};

const days = z.object({
  monday: z.boolean().default(false),
  tuesday: z.boolean().default(false),
  wednesday: z.boolean().default(false),
  thursday: z.boolean().default(false),
  friday: z.boolean().default(false),
  saturday: z.boolean().default(false),
  sunday: z.boolean().default(false),
});
export type Days = z.infer<typeof days>;

export const NO_DAYS: Days = {
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function isIanaTimezone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const subscriberId = bigId();
/** 'No Group' is the pseudo-group -1 (spec doc 2 §3). */
const groupId = z.number().int().min(-1).max(MAX_INT_ID);
/** A field the form leaves empty ('' from an input) reads as null. */
const blankable = z.union([z.string(), z.number(), z.null()]).optional();

export const messageFormSchema = z
  .object({
    isScheduled: z.boolean().default(false),
    date: z.string().trim().default(""),
    time: z.string().trim().default(""),
    timezone: z.string().trim().default(""),
    repeatFrequency: z.enum(REPEAT_FREQUENCIES).default("never"),
    repeatDays: days.default(NO_DAYS),
    /** Monthly: 'day' (the same date each month) or 'week' (e.g. the 2nd Tuesday). */
    repeatType: z.enum(["day", "week"]).default("day"),
    customRepeatFrequencyType: z.enum(CUSTOM_REPEAT_UNITS).default("weeks"),
    customRepeatFrequency: blankable,
    customRepeatDays: days.default(NO_DAYS),
    customEndMessageType: z.enum(CUSTOM_END_TYPES).default("never"),
    customEndMessageDate: z.string().trim().default(""),
    customEndMessageOccurrences: blankable,
    isSubscribers: z.enum(["all", "true", "false"]).default("all"),
    subscriberIds: z.array(subscriberId).max(10_000).default([]),
    groupIds: z.array(groupId).max(1_000).default([]),
    isSMS: z.boolean().default(true),
    /** Prepend the organisation name ('OrgName: '). */
    header: z.boolean().default(false),
    message: z.string().default(""),
    /** Append the opt-out footer. */
    footer: z.boolean().default(false),
    /** Media URLs (MMS): uploads, the contact card, an AI image. */
    image: z.array(z.string().trim().min(1).max(2000)).max(10).default([]),
    longcodeId: intId().nullable().default(null),
    /** Negative ids are the local templates of unverified toll-free accounts (templates.ts). */
    templateId: signedIntId().nullable().default(null),
    linkId: bigId().nullable().default(null),
    sendAnyway: z.boolean().default(false),
  })
  .superRefine((f, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const T = MESSAGE_FORM_TEXT;

    if (f.isScheduled) {
      if (!f.date) issue("date", T.dateRequired);
      else if (!isRealDate(f.date)) issue("date", T.dateRequired);
      if (!f.time || !TIME.test(f.time)) issue("time", T.timeRequired);
      if (!isIanaTimezone(f.timezone)) issue("timezone", T.timezoneRequired);

      const anyDay = (d: Days) => WEEKDAYS.some((w) => d[w]);
      if (
        (f.repeatFrequency === "weekly" || f.repeatFrequency === "biweekly") &&
        !anyDay(f.repeatDays)
      )
        issue("repeatDays", T.dayRequired);

      if (f.repeatFrequency === "custom") {
        const every = f.customRepeatFrequency;
        if (every === null || every === undefined || String(every).trim() === "")
          issue("customRepeatFrequency", T.repeatFrequencyRequired);
        else if (!Number.isFinite(Number(every)) || !Number.isInteger(Number(every)))
          issue("customRepeatFrequency", T.repeatFrequencyRequired);
        else if (Number(every) < 1) issue("customRepeatFrequency", T.repeatFrequencyMin);
        else if (Number(every) > CUSTOM_REPEAT_MAX)
          issue("customRepeatFrequency", T.repeatFrequencyMax);
        if (f.customRepeatFrequencyType === "weeks" && !anyDay(f.customRepeatDays))
          issue("customRepeatDays", T.customDayRequired);

        if (f.customEndMessageType === "date") {
          if (!f.customEndMessageDate || !isRealDate(f.customEndMessageDate))
            issue("customEndMessageDate", T.endDateRequired);
        }
        if (f.customEndMessageType === "occurrences") {
          const n = f.customEndMessageOccurrences;
          if (n === null || n === undefined || String(n).trim() === "")
            issue("customEndMessageOccurrences", T.occurrencesRequired);
          else if (!/^\d+$/.test(String(n).trim()))
            issue("customEndMessageOccurrences", T.occurrencesNumber);
          else if (Number(n) < 1) issue("customEndMessageOccurrences", T.occurrencesMin);
          else if (Number(n) > OCCURRENCES_MAX)
            issue("customEndMessageOccurrences", T.occurrencesMax);
        }
      }
    }

    if (f.isSubscribers === "true" && f.subscriberIds.length === 0)
      issue("subscriberIds", T.subscribersRequired);
    if (f.isSubscribers === "false" && f.groupIds.length === 0) issue("groupIds", T.groupsRequired);

    const text = normaliseText(f.message);
    if (f.isSMS && text.trim() === "") issue("message", T.messageRequired);
    if (!f.isSMS && text.trim() === "" && f.image.length === 0) issue("image", T.imageRequired);
    const max = maxMessageLength(!f.isSMS);
    if (messageLength(text) > max) issue("message", T.tooLong(max));
  })
  .transform((f) => {
    const scheduled = f.isScheduled;
    const repeat = scheduled ? f.repeatFrequency : "never";
    const custom = repeat === "custom";
    const endType = custom ? f.customEndMessageType : "never";
    return {
      ...f,
      message: normaliseText(f.message),
      date: scheduled ? f.date : "",
      time: scheduled ? f.time : "",
      repeatFrequency: repeat,
      repeatDays: repeat === "weekly" || repeat === "biweekly" ? f.repeatDays : NO_DAYS,
      customRepeatFrequency: custom ? Number(f.customRepeatFrequency) : null,
      customRepeatDays:
        custom && f.customRepeatFrequencyType === "weeks" ? f.customRepeatDays : NO_DAYS,
      customEndMessageType: endType,
      customEndMessageDate: endType === "date" ? f.customEndMessageDate : "",
      customEndMessageOccurrences:
        endType === "occurrences" ? Number(f.customEndMessageOccurrences) : null,
      subscriberIds: f.isSubscribers === "true" ? f.subscriberIds : [],
      groupIds: f.isSubscribers === "false" ? f.groupIds : [],
      // An SMS carries no media.
      image: f.isSMS ? [] : f.image,
    };
  });

/** What the form holds (strings from inputs allowed where the schema accepts them). */
export type MessageFormInput = z.input<typeof messageFormSchema>;
/** What the server gets after parsing: normalised text, repeat fields only where they apply. */
export type MessageForm = z.output<typeof messageFormSchema>;

/** The exact header and footer (one place for both, used by the counter and the send). */
export const OPT_OUT_FOOTER = "\nReply STOP to opt out";
function headerText(organisationName: string): string {
  return `${organisationName}: `;
}
function signatureText(signature: string): string {
  return `\n${signature}`;
}

interface ComposeContext {
  organisationName: string;
  /** The sending user's signature, when they have one enabled. */
  signature?: string | null;
  /** The account's send settings (header, footer, foreign characters), applied last. */
  sendSettings?: SendSettings | null;
}

/** The text around the message: header before it; signature and footer after it. */
export function messageFraming(
  form: Pick<MessageForm, "header" | "footer">,
  context: ComposeContext,
): { before: string; after: string } {
  const before =
    form.header && context.organisationName ? headerText(context.organisationName) : "";
  const signature = context.signature?.trim() ? signatureText(context.signature.trim()) : "";
  const after = `${signature}${form.footer ? OPT_OUT_FOOTER : ""}`;
  return { before, after };
}

/** The final text a recipient gets (before variables and link tokens are filled in). */
export function composeText(
  form: Pick<MessageForm, "header" | "footer" | "message">,
  context: ComposeContext,
): string {
  const { before, after } = messageFraming(form, context);
  return applySendSettings(`${before}${form.message}${after}`, context.sendSettings);
}
