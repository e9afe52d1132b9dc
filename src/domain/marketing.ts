/**
 * Marketing tools (spec doc 1 §1-2 /marketing/*; issue 18): loyalty rewards, digital coupons,
 * text-in giveaways, viral texting (refer a friend) and event registration. The pure rules the
 * server and the pages share: the words people text, codes, the check-in period, the giveaway draw
 * and the texts each tool sends.
 */

export const MARKETING_KINDS = [
  "loyalty",
  "coupon",
  "giveaway",
  "referral",
  "registration",
] as const;
export type MarketingKind = (typeof MARKETING_KINDS)[number];

/** Where each tool lives in the app (the route map of spec doc 1 §2). */
export const MARKETING_ROUTE: Record<MarketingKind, string> = {
  loyalty: "/marketing/loyalty-rewards",
  coupon: "/marketing/digital-coupons",
  giveaway: "/marketing/textin-giveaway",
  referral: "/marketing/viral-texting",
  registration: "/marketing/bless-registration",
};

export const MARKETING_TEXTS = {
  notFound: "That program does not exist.",
  wordTaken: (w: string) => `The word ${w} is already used by another marketing tool`,
  noNumber: "Add a phone number to your account before sending",
  wrongKind: "This action is not available for this tool",
  alreadySent: "This coupon was sent already",
  expired: "This coupon has expired: set a later expiry to send it",
  nobody: "Nobody to send to: no subscriber of this audience has marketing consent",
  alreadyDrawn: "The winners of this giveaway were drawn already",
  notStarted: "The giveaway has not started yet",
  noEntrants: "Nobody has entered this giveaway yet",
  capacityBelow: (n: number) =>
    `${n} people are registered already: the capacity cannot be lower than that`,
  windowOrder: "The end must be after the start",
  cancelWordSame: "The cancel word must differ from the registration word",
} as const;

/** The first word of a text, upper case, and what follows it ("WIN", "CHECKIN 4821"). */
export function marketingWordOf(body: string): { word: string; rest: string } | null {
  const t = body.trim().replace(/\s+/g, " ");
  if (!t) return null;
  const [first, ...more] = t.split(" ");
  if (!first || !/^[\p{L}\p{N}]+$/u.test(first)) return null;
  return { word: first.toUpperCase(), rest: more.join(" ").trim() };
}

/** Unambiguous letters and digits (no 0/O, 1/I/L): codes are read aloud and typed at a counter. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

/** A redemption code from a random source (crypto.randomInt in the server). */
export function makeCode(randomInt: (max: number) => number, length = CODE_LENGTH): string {
  let out = "";
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** What staff typed or scanned, as stored: upper case without spaces or dashes. */
export function normaliseCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, "");
}

/** When a member may check in next: once per period, counted from the last check-in. */
export function nextCheckinAt(last: Date | null, periodHours: number): Date | null {
  if (!last) return null;
  return new Date(last.getTime() + periodHours * 3600_000);
}

export function mayCheckIn(last: Date | null, periodHours: number, now: Date): boolean {
  const next = nextCheckinAt(last, periodHours);
  return next === null || next.getTime() <= now.getTime();
}

/**
 * A fair draw: a partial Fisher-Yates shuffle driven by a uniform random source, so every entrant
 * has the same chance and nobody is picked twice. Returns the picked items in draw order.
 */
export function drawWinners<T>(
  entrants: readonly T[],
  count: number,
  randomInt: (max: number) => number,
): T[] {
  const pool = [...entrants];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

export const DRAW_METHOD =
  "Uniform partial Fisher-Yates shuffle over eligible entries in entry order, node:crypto randomInt";

/** Fills {code}, {offer}, {expiry}, {link} placeholders of a tool's message. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (all, k: string) => values[k] ?? all);
}

/** A marketing text as sent: the program name first, the opt-out line last (carriers ask both). */
export function withProgramAndStop(body: string, program: string): string {
  const t = body.trim();
  const prefixed =
    program && !t.toLowerCase().startsWith(program.toLowerCase()) ? `${program}: ${t}` : t;
  return /\bstop\b/i.test(prefixed) ? prefixed : `${prefixed} Reply STOP to opt out.`;
}

/** A reply to the person's own text: the program name first. */
export function withProgram(body: string, program: string): string {
  const t = body.trim();
  return program && !t.toLowerCase().startsWith(program.toLowerCase()) ? `${program}: ${t}` : t;
}

export function formatWhen(d: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(d);
}

export function formatDay(d: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone,
  }).format(d);
}
