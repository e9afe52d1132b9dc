import { z } from "zod";
import { bigId, intId } from "./ids";

/** The voices a broadcast can speak with: TwiML <Say> voice and language, named for people. */
export const VOICE_CHOICES = [
  { value: "en-US:woman", label: "English (US), woman", language: "en-US", voice: "woman" },
  { value: "en-US:man", label: "English (US), man", language: "en-US", voice: "man" },
  { value: "en-GB:woman", label: "English (UK), woman", language: "en-GB", voice: "woman" },
  { value: "es-ES:woman", label: "Spanish, woman", language: "es-ES", voice: "woman" },
  { value: "es-ES:man", label: "Spanish, man", language: "es-ES", voice: "man" },
] as const;
export type VoiceChoice = (typeof VOICE_CHOICES)[number]["value"];

/** Price: 1 credit per started minute of call. The text limit keeps a call within one minute. */
export const VOICE_CREDITS_PER_MINUTE = 1;
/** Shown (and answered) when the configured carrier places no calls (Telnyx: texts only). */
export const VOICE_UNAVAILABLE_TEXT =
  "Voice broadcasts are not available: this server's carrier sends texts only.";
export const VOICE_TEXT_MAX = 600;
export const VOICE_PRICE_TEXT =
  "Each call costs 1 credit per started minute; a message of up to 600 characters fits in one minute. Unanswered, busy and failed calls are refunded.";

/** Credits a call of `seconds` costs: every started minute, at least one. */
export function voiceCallCredits(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60)) * VOICE_CREDITS_PER_MINUTE;
}

/** Twilio CallStatus values, and which ones end a call. */
export const CALL_STATUSES = [
  "pending",
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINAL_CALL_STATUSES: readonly string[] = [
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
];
/** Statuses only move forward: a late "ringing" does not undo "completed". */
export function callStatusRank(status: string): number {
  if (FINAL_CALL_STATUSES.includes(status)) return 9;
  const i = CALL_STATUSES.indexOf(status as CallStatus);
  return i < 0 ? 0 : i;
}

export const voiceBroadcastInput = z.object({
  name: z.string().trim().max(100).default(""),
  text: z
    .string()
    .trim()
    .min(1, "Type what the call should say.")
    .max(VOICE_TEXT_MAX, `A voice message is at most ${VOICE_TEXT_MAX} characters.`),
  voice: z.enum(VOICE_CHOICES.map((v) => v.value) as [VoiceChoice, ...VoiceChoice[]]),
  phoneNumberId: intId(),
  recipients: z.object({
    mode: z.enum(["all", "subscribers", "groups"]),
    subscriberIds: z.array(bigId()).max(10_000).default([]),
    groupIds: z.array(z.number().int().min(-1).max(2_147_483_647)).max(1000).default([]),
  }),
  /** ISO time to call at; absent: now. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
});
export type VoiceBroadcastInput = z.infer<typeof voiceBroadcastInput>;

/** How a person gave (or withdrew) voice consent by hand: the ledger line names it. */
export const VOICE_CONSENT_METHODS = { verbal: "Verbally", written: "In writing" } as const;
export type VoiceConsentMethod = keyof typeof VOICE_CONSENT_METHODS;

export const VOICE_CONSENT_TEXT = {
  alreadyGiven: "This subscriber already agreed to voice calls.",
  notGiven: "This subscriber has not agreed to voice calls.",
} as const;

export const voiceConsentInput = z.object({
  subscriberId: bigId(),
  given: z.boolean(),
  /** Verbally or in writing; the ledger's detail starts with it ("Verbally: …"). */
  method: z.enum(["verbal", "written"], "Choose verbally or in writing").optional(),
  /** How the consent was given (the words, the form, the call): kept as evidence. */
  evidence: z.string().trim().min(1, "Say how the subscriber gave consent.").max(500),
});

export const voiceBroadcastRow = z.object({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  voice: z.string(),
  language: z.string(),
  status: z.string(),
  /** Why it could not start (no credits, the number gone); null otherwise. */
  error: z.string().nullable(),
  sendAt: z.string(),
  createdAt: z.string(),
  fromNumber: z.string(),
  phoneNumberId: z.number(),
  recipients: voiceBroadcastInput.shape.recipients,
  calls: z.number(),
  completed: z.number(),
  unanswered: z.number(),
  failed: z.number(),
  inProgress: z.number(),
  credits: z.number(),
});
export type VoiceBroadcastRow = z.infer<typeof voiceBroadcastRow>;

export const voiceCallRow = z.object({
  id: z.number(),
  toNumber: z.string(),
  status: z.string(),
  durationSeconds: z.number().nullable(),
  credits: z.number(),
  updatedAt: z.string(),
});
