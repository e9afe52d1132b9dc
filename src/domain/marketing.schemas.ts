import { z } from "zod";
import { intId, intIdParam } from "./ids";
import { KEYWORD_MAX_LENGTH, keywordProblem } from "./keywords";
import { MARKETING_KINDS, MARKETING_TEXTS } from "./marketing";

/** Marketing tools API shapes (issue 18). A program's settings depend on its kind. */

const word = z
  .string()
  .max(KEYWORD_MAX_LENGTH * 4)
  .superRefine((v, c) => {
    const problem = keywordProblem(v)?.replace(/keyword/gi, "word");
    if (problem) c.addIssue({ code: "custom", message: problem });
  });
const isoDate = z.iso.datetime({ offset: true, message: "Must be a date and time" });
const line = (max: number, required: string) => z.string().trim().min(1, required).max(max);

export const loyaltySettings = z.object({
  pointsPerCheckin: z.number().int().min(1).max(100).default(1),
  /** A member checks in at most once in this many hours. */
  periodHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .default(24),
  rewardPoints: z.number().int().min(1).max(1000).default(10),
  reward: line(120, "Say what the reward is"),
  /** When set, the check-in text must carry it ("CHECKIN 4821"): proof of being in the shop. */
  checkinCode: z
    .string()
    .trim()
    .max(12)
    .regex(/^[A-Za-z0-9]*$/, "The check-in code is letters and digits")
    .default(""),
});

export const couponSettings = z.object({
  offer: line(120, "Say what the offer is"),
  message: z
    .string()
    .trim()
    .min(1, "Message is required")
    .max(480)
    .refine((s) => s.includes("{code}"), "The message must contain {code}, each person's code"),
  expiresAt: isoDate,
  /** null: every subscriber with marketing consent. */
  groupId: intId().nullable().default(null),
});

export const giveawaySettings = z
  .object({
    prize: line(120, "Say what the prize is"),
    startsAt: isoDate,
    endsAt: isoDate,
    winners: z.number().int().min(1).max(50).default(1),
  })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    message: MARKETING_TEXTS.windowOrder,
    path: ["endsAt"],
  });

export const referralSettings = z.object({
  /** What the friend's page offers ("Join and get 10% off your first order"). */
  offer: line(200, "Say what friends get"),
  rewardReferrals: z.number().int().min(1).max(100).default(3),
  reward: line(120, "Say what the reward is"),
});

export const registrationSettings = z.object({
  eventAt: isoDate,
  location: z.string().trim().max(200).default(""),
  capacity: z.number().int().min(1).max(100_000),
  cancelWord: word.default("UNREGISTER"),
});

const base = {
  name: line(100, "Name is required"),
  phoneNumberId: intId().nullable().default(null),
};

export const programInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("loyalty"), ...base, keyword: word, settings: loyaltySettings }),
  z.object({ kind: z.literal("coupon"), ...base, settings: couponSettings }),
  z.object({ kind: z.literal("giveaway"), ...base, keyword: word, settings: giveawaySettings }),
  z.object({ kind: z.literal("referral"), ...base, keyword: word, settings: referralSettings }),
  z
    .object({
      kind: z.literal("registration"),
      ...base,
      keyword: word,
      settings: registrationSettings,
    })
    .refine((p) => p.keyword.trim().toUpperCase() !== p.settings.cancelWord.trim().toUpperCase(), {
      message: MARKETING_TEXTS.cancelWordSame,
      path: ["settings", "cancelWord"],
    }),
]);
export type ProgramInput = z.infer<typeof programInput>;

export const programListQuery = z.object({ kind: z.enum(MARKETING_KINDS) });
export const programStatusInput = z.object({ status: z.enum(["active", "paused"]) });
export const drawInput = z.object({}).default({});

export const programResponse = z.object({
  id: z.number(),
  kind: z.enum(MARKETING_KINDS),
  name: z.string(),
  keyword: z.string().nullable(),
  phoneNumberId: z.number().nullable(),
  number: z.string().nullable(),
  /** active | paused; a coupon is also "sent", a giveaway "drawn". */
  status: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** The staff counter page (/counter/:token) for codes this program hands out. */
  counterUrl: z.string(),
  /** Members, entrants, codes sent or registrations, as the tool counts people. */
  people: z.number(),
  createdAt: z.string(),
});
export type ProgramResponse = z.infer<typeof programResponse>;
export const programListResponse = z.object({ programs: z.array(programResponse) });

export const reportPerson = z.object({
  memberId: z.number(),
  subscriberId: z.number(),
  phone: z.string(),
  name: z.string(),
  state: z.string(),
  points: z.number(),
  checkins: z.number(),
  code: z.string().nullable(),
  referrals: z.number(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const reportActivity = z.object({
  id: z.number(),
  kind: z.string(),
  phone: z.string().nullable(),
  detail: z.string(),
  createdAt: z.string(),
});
export const reportDraw = z.object({
  drawnAt: z.string(),
  entrants: z.number(),
  method: z.string(),
  winners: z.array(z.object({ phone: z.string(), name: z.string(), code: z.string().nullable() })),
});
export const programReport = z.object({
  program: programResponse,
  /** Figures named per tool (members, checkins, rewardsIssued, …). */
  figures: z.record(z.string(), z.number()),
  daily: z.array(z.object({ day: z.string(), count: z.number() })),
  people: z.array(reportPerson),
  activity: z.array(reportActivity),
  draws: z.array(reportDraw),
});
export type ProgramReport = z.infer<typeof programReport>;

export const sendResult = z.object({ sent: z.number(), skipped: z.number(), message: z.string() });
/** A giveaway draw: how many could win, how many did. */
export const drawResult = z.object({ entrants: z.number(), winners: z.number() });

// Public: the counter page staff use and the friend's referral page.
export const counterParams = z.object({ token: z.string().min(1).max(64) });
export const counterCodeParams = counterParams.extend({ code: z.string().min(1).max(40) });
export const counterInfo = z.object({
  business: z.string(),
  program: z.string(),
  kind: z.enum(MARKETING_KINDS),
  offer: z.string(),
  issued: z.number(),
  redeemed: z.number(),
});
export const CODE_STATES = ["valid", "redeemed", "expired", "unknown"] as const;
export const codeCheck = z.object({
  code: z.string(),
  state: z.enum(CODE_STATES),
  offer: z.string(),
  expiresAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  /** The holder, masked: staff see it is the right person without the whole number. */
  holder: z.string(),
  /** True when this request marked it used (false: it was used before, or cannot be). */
  redeemedNow: z.boolean(),
  issued: z.number(),
  redeemed: z.number(),
});
export type CodeCheck = z.infer<typeof codeCheck>;

export const referralParams = z.object({ code: z.string().min(4).max(40) });
export const referralPage = z.object({
  business: z.string(),
  offer: z.string(),
  referrer: z.string(),
  disclosure: z.string(),
});
export const referralSignup = z.object({
  phone: z.string().trim().min(1, "Phone number is required").max(30),
  firstName: z.string().trim().max(60).default(""),
  consent: z.literal(true, "Tick the box to agree to receive texts"),
});
export const referralSignupResult = z.object({ message: z.string() });

export const programIdParams = z.object({ id: intIdParam() });

export type LoyaltySettings = z.infer<typeof loyaltySettings>;
export type CouponSettings = z.infer<typeof couponSettings> & { sentAt?: string; sent?: number };
export type GiveawaySettings = z.infer<typeof giveawaySettings>;
export type ReferralSettings = z.infer<typeof referralSettings>;
export type RegistrationSettings = z.infer<typeof registrationSettings>;
