import Papa from "papaparse";
import { z } from "zod";
import { intId } from "./ids";
import { toE164 } from "./phone";

/** Webinars (spec doc 1 §2 /webinars, /webinars/import, /webinars/edit-event; doc 3 /zoom, /goto). */
export const WEBINAR_PROVIDERS = ["zoom", "goto"] as const;
export type WebinarProvider = (typeof WEBINAR_PROVIDERS)[number];
export const WEBINAR_PROVIDER_NAMES: Record<WebinarProvider, string> = {
  zoom: "Zoom",
  goto: "GoTo",
};

export const WEBINAR_TEXT = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be at most 120 characters",
  startRequired: "Start date and time are required",
  durationInvalid: "Duration must be between 5 minutes and 24 hours",
  joinUrlInvalid: "Join link must be a web address (https://…)",
  offsetsRequired: "Choose at least one reminder",
  offsetsTooMany: "At most 5 reminders",
  offsetInvalid: "A reminder must be between 5 minutes and 14 days before the start",
  messageRequired: "Reminder message is required",
  messageTooLong: "Reminder message must be at most 480 characters",
  csvRequired: "Choose a CSV file with your registrants",
  csvTooBig: "The file is too large (at most 2 MB)",
  csvNoPhone: "The file needs a phone column (Phone, Mobile or Number)",
  webinarIdRequired: "Webinar ID is required",
  notFound: "This webinar was not found.",
  noNumber: "Add a phone number to the account before scheduling reminders.",
  providerNotConfigured: (name: string) =>
    `${name} is not connected on this server. Ask your administrator to configure it, or import a CSV.`,
  providerFailed: (name: string) => `${name} did not answer. Check the webinar ID and try again.`,
} as const;

export const DEFAULT_REMINDER_MESSAGE =
  "Hi [first name], [title] starts [start time]. Join here: [join link] Reply STOP to opt out.";

/**
 * What the event form's preview fills in before the event has a title and link. The stand-in
 * title is lower case: the default text puts it after "Hi [first name], ", mid-sentence.
 */
export const REMINDER_PREVIEW_SAMPLE = {
  firstName: "Ada",
  title: "your webinar",
  joinUrl: "https://example.com/join",
} as const;

/** Offsets the screen offers (minutes before the start); any 5 min – 14 days is accepted. */
export const REMINDER_CHOICES = [
  { value: 10080, label: "1 week before" },
  { value: 1440, label: "1 day before" },
  { value: 180, label: "3 hours before" },
  { value: 60, label: "1 hour before" },
  { value: 15, label: "15 minutes before" },
  { value: 5, label: "5 minutes before" },
] as const;

export function offsetLabel(minutes: number): string {
  const known = REMINDER_CHOICES.find((c) => c.value === minutes);
  if (known) return known.label;
  if (minutes % 1440 === 0) return `${minutes / 1440} days before`;
  if (minutes % 60 === 0) return `${minutes / 60} hours before`;
  return `${minutes} minutes before`;
}

const offset = z
  .number(WEBINAR_TEXT.offsetInvalid)
  .int(WEBINAR_TEXT.offsetInvalid)
  .min(5, WEBINAR_TEXT.offsetInvalid)
  .max(20160, WEBINAR_TEXT.offsetInvalid);

export const webinarEventBody = z.object({
  title: z
    .string(WEBINAR_TEXT.titleRequired)
    .trim()
    .min(1, WEBINAR_TEXT.titleRequired)
    .max(120, WEBINAR_TEXT.titleTooLong),
  startsAt: z.iso.datetime({ offset: true, message: WEBINAR_TEXT.startRequired }),
  durationMinutes: z
    .number(WEBINAR_TEXT.durationInvalid)
    .int(WEBINAR_TEXT.durationInvalid)
    .min(5, WEBINAR_TEXT.durationInvalid)
    .max(1440, WEBINAR_TEXT.durationInvalid)
    .default(60),
  joinUrl: z
    .string()
    .trim()
    .max(2000, WEBINAR_TEXT.joinUrlInvalid)
    .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), WEBINAR_TEXT.joinUrlInvalid)
    .default(""),
  phoneNumberId: intId().nullable().default(null),
  reminderOffsets: z
    .array(offset, WEBINAR_TEXT.offsetsRequired)
    .min(1, WEBINAR_TEXT.offsetsRequired)
    .max(5, WEBINAR_TEXT.offsetsTooMany)
    .transform((a) => [...new Set(a)].sort((x, y) => y - x)),
  reminderMessage: z
    .string(WEBINAR_TEXT.messageRequired)
    .trim()
    .min(1, WEBINAR_TEXT.messageRequired)
    .max(480, WEBINAR_TEXT.messageTooLong),
});
export type WebinarEventBody = z.infer<typeof webinarEventBody>;

export const importCsvBody = z.object({
  csv: z
    .string(WEBINAR_TEXT.csvRequired)
    .min(1, WEBINAR_TEXT.csvRequired)
    .max(2_000_000, WEBINAR_TEXT.csvTooBig),
  /** The business attests every registrant in the file agreed to texts (a consent column can still say no). */
  consent: z.boolean().default(false),
});

export const importProviderBody = z.object({
  provider: z.enum(WEBINAR_PROVIDERS),
  webinarId: z
    .string(WEBINAR_TEXT.webinarIdRequired)
    .trim()
    .min(1, WEBINAR_TEXT.webinarIdRequired)
    .max(64, WEBINAR_TEXT.webinarIdRequired)
    .regex(/^[A-Za-z0-9_-]+$/, WEBINAR_TEXT.webinarIdRequired),
  consent: z.boolean().default(false),
  reminderOffsets: webinarEventBody.shape.reminderOffsets.default([1440, 60]),
  reminderMessage: webinarEventBody.shape.reminderMessage.default(DEFAULT_REMINDER_MESSAGE),
});

export const webinarEvent = z.object({
  id: z.number(),
  title: z.string(),
  source: z.string(),
  externalId: z.string().nullable(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  joinUrl: z.string(),
  phoneNumberId: z.number().nullable(),
  reminderOffsets: z.array(z.number()),
  reminderMessage: z.string(),
  registrants: z.number(),
  consented: z.number(),
  remindersScheduled: z.number(),
  remindersSent: z.number(),
});
export type WebinarEvent = z.infer<typeof webinarEvent>;

export const webinarRegistrant = z.object({
  id: z.number(),
  phone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  joinUrl: z.string(),
  consent: z.boolean(),
  subscriberId: z.number().nullable(),
  reminders: z.array(
    z.object({
      offsetMinutes: z.number(),
      dueAt: z.string(),
      status: z.string(),
      note: z.string(),
    }),
  ),
});

export const importResult = z.object({
  imported: z.number(),
  consented: z.number(),
  skipped: z.number(),
  remindersScheduled: z.number(),
  errors: z.array(z.string()),
});

export interface ParsedRegistrant {
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  joinUrl: string;
  /** true / false from a consent column; null when the file has none. */
  consent: boolean | null;
}

const HEADERS: Record<keyof ParsedRegistrant, string[]> = {
  phone: ["phone", "mobile", "number", "phone number", "mobile phone", "cell"],
  firstName: ["first name", "firstname", "first"],
  lastName: ["last name", "lastname", "last"],
  email: ["email", "e-mail", "email address"],
  joinUrl: ["join url", "join link", "join_url", "joinurl", "link"],
  consent: ["consent", "sms consent", "text consent", "opt in", "opt-in", "agreed to texts"],
};

const YES = new Set(["yes", "y", "true", "1", "x", "agreed", "opted in"]);

/** Reads a registrants CSV (Zoom's and GoTo's exports or any with a phone column). */
export function parseRegistrantsCsv(text: string): {
  rows: ParsedRegistrant[];
  errors: string[];
  hasPhone: boolean;
} {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  const [header, ...data] = parsed.data;
  if (!header) return { rows: [], errors: [], hasPhone: false };
  const norm = header.map((h) => h.trim().toLowerCase().replace(/[_]+/g, " "));
  const col = (k: keyof ParsedRegistrant) => norm.findIndex((h) => HEADERS[k].includes(h));
  const idx = {
    phone: col("phone"),
    firstName: col("firstName"),
    lastName: col("lastName"),
    email: col("email"),
    joinUrl: col("joinUrl"),
    consent: col("consent"),
  };
  if (idx.phone < 0) return { rows: [], errors: [], hasPhone: false };
  const rows: ParsedRegistrant[] = [];
  const errors: string[] = [];
  const cell = (r: string[], i: number) => (i < 0 ? "" : (r[i] ?? "").trim());
  data.forEach((r, n) => {
    const raw = cell(r, idx.phone);
    const phone = raw ? toE164(raw) : null;
    if (!phone) {
      errors.push(`Row ${n + 2}: "${raw.slice(0, 40)}" is not a valid phone number`);
      return;
    }
    const join = cell(r, idx.joinUrl);
    rows.push({
      phone,
      firstName: cell(r, idx.firstName).slice(0, 100),
      lastName: cell(r, idx.lastName).slice(0, 100),
      email: cell(r, idx.email).slice(0, 254),
      joinUrl: /^https?:\/\/\S+$/i.test(join) ? join.slice(0, 2000) : "",
      consent: idx.consent < 0 ? null : YES.has(cell(r, idx.consent).toLowerCase()),
    });
  });
  return { rows, errors: errors.slice(0, 50), hasPhone: true };
}

/** A registrant's reminder text: [first name], [title], [start time], [join link]. */
export function renderReminder(
  template: string,
  v: { firstName: string; title: string; startsAt: Date; timeZone: string; joinUrl: string },
): string {
  const start = new Intl.DateTimeFormat("en-US", {
    timeZone: v.timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(v.startsAt);
  return template
    .replaceAll("[first name]", v.firstName || "there")
    .replaceAll("[title]", v.title)
    .replaceAll("[start time]", start)
    .replaceAll("[join link]", v.joinUrl);
}

/** When each reminder is due: the start less its offset. */
export function reminderDueAt(startsAt: Date, offsetMinutes: number): Date {
  return new Date(startsAt.getTime() - offsetMinutes * 60_000);
}
