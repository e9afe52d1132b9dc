import { z } from "zod";
import { intId } from "./ids";
import { formatUsNumber } from "./phone";

/** The inbox's team tools: internal notes, labels, snooze and per-user alerts. */
export const INBOX_TOOLS_TEXT = {
  inviteToAssign: "Invite a teammate to assign conversations",
  noteAdded: "Note added",
  noteEmpty: "Write a note",
  labelCreated: "Label created",
  labelDeleted: "Label deleted",
  labelExists: "A label with this name already exists",
  labelNotFound: "Label not found",
  labelsSaved: "Labels saved",
  bulkLabelled: "Label added to the conversation(s)",
  bulkUnlabelled: "Label removed from the conversation(s)",
  snoozed: "Conversation snoozed",
  unsnoozed: "Conversation back in the inbox",
  snoozePast: "Choose a time in the future",
  snoozeEnded: "Back from snooze",
  alertsSaved: "Alert settings saved",
} as const;

/** The colours a label may take (Mantine's palette names, so the badge shows them). */
export const LABEL_COLORS = [
  "gray",
  "red",
  "pink",
  "grape",
  "violet",
  "indigo",
  "blue",
  "cyan",
  "teal",
  "green",
  "lime",
  "yellow",
  "orange",
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export const inboxLabel = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type InboxLabel = z.infer<typeof inboxLabel>;
export const inboxLabelsResponse = z.object({ rows: z.array(inboxLabel) });

export const labelRequest = z.object({
  name: z.string().trim().min(1, "Enter a label name").max(40, "Labels are at most 40 characters"),
  color: z.enum(LABEL_COLORS, "Choose a colour").default("blue"),
});

export const conversationLabelsRequest = z.object({
  labelIds: z.array(intId()).max(50, "At most 50 labels"),
});

export const NOTE_MAX = 2000;
export const noteRequest = z.object({
  body: z
    .string()
    .trim()
    .min(1, INBOX_TOOLS_TEXT.noteEmpty)
    .max(NOTE_MAX, `Notes are at most ${NOTE_MAX} characters`),
});

/**
 * The usernames a note mentions: "@name" at the start or after a space, up to a space or a
 * punctuation mark that ends a sentence.
 */
export function mentionedUsernames(body: string): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(/(^|[\s(])@([A-Za-z0-9_.+@-]+)/g)) {
    const name = m[2]!.replace(/[.,!?:;-]+$/, "");
    if (name) found.add(name.toLowerCase());
  }
  return [...found];
}

/** The "@word" being typed at the end of `text` (autocomplete), or null. */
export function mentionQuery(text: string): string | null {
  const m = /(^|\s)@([A-Za-z0-9_.+-]*)$/.exec(text);
  return m ? m[2]! : null;
}

/** The "/word" being typed at the end of `text` (canned replies), or null. */
export function slashQuery(text: string): string | null {
  const m = /(^|\s)\/([^\s/]*)$/.exec(text);
  return m ? m[2]! : null;
}

/** `text` with its trailing "/word" (or "@word") replaced by `insert`. */
export function replaceTrailing(text: string, sigil: "/" | "@", insert: string): string {
  const re = sigil === "/" ? /(^|\s)\/([^\s/]*)$/ : /(^|\s)@([A-Za-z0-9_.+-]*)$/;
  return text.replace(re, (_all, lead: string) => `${lead}${insert}`);
}

/**
 * A template put into a one-to-one reply, with the contact's own values for the message variables
 * ([first name], [last name], [phone number]) so the text in the box is what they will read; a
 * variable the contact has no value for, and any other bracket, stays for the writer to fill.
 */
export function fillForContact(
  text: string,
  contact: { firstName: string; lastName: string; phone: string },
): string {
  const values: Record<string, string> = {
    "first name": contact.firstName.trim(),
    "last name": contact.lastName.trim(),
    "phone number": formatUsNumber(contact.phone),
  };
  return text.replace(/\[([^[\]\n]{1,40})\]/g, (all, name: string) => {
    const value = values[name.trim().toLowerCase()];
    return value ? value : all;
  });
}

export const snoozeRequest = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("until"), until: z.iso.datetime({ offset: true }) }),
  z.object({ mode: z.literal("reply") }),
]);
export type SnoozeRequest = z.infer<typeof snoozeRequest>;

/** Whether a conversation is snoozed now (a time in the past no longer holds it). */
export function isSnoozed(
  c: { snoozedUntil: Date | string | null; snoozedUntilReply: boolean },
  now: Date,
): boolean {
  if (c.snoozedUntilReply) return true;
  return c.snoozedUntil !== null && new Date(c.snoozedUntil).getTime() > now.getTime();
}

export const inboxAlerts = z.object({ desktopAlerts: z.boolean(), sound: z.boolean() });
export type InboxAlerts = z.infer<typeof inboxAlerts>;
