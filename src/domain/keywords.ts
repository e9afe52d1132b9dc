import { COMPLIANCE_KEYWORDS } from "./compliance";
import { countSegments, type SegmentCount } from "./segments";

/**
 * Keywords (spec doc 1 §2 /optins/keywords): a word a person texts to join a list. Pure rules
 * shared by the editor (what will be added to the reply, segments) and the inbound path.
 */

export const KEYWORD_MAX_LENGTH = 20;
/** Keywords an account may have without buying more (the add-on adds KEYWORD_ADDON_SIZE each). */
export const KEYWORD_PLAN_LIMIT = 5;
export const KEYWORD_ADDON_SIZE = 5;
export const KEYWORD_ADDON_CENTS = 1000;

export const KEYWORD_TEXTS = {
  required: "Keyword is required",
  tooLong: `Keyword must be at most ${KEYWORD_MAX_LENGTH} characters`,
  oneWord: "Keyword must be one word of letters and digits",
  reserved: (w: string) =>
    `${w} is reserved for opt-out, opt-in and help requests (STOP, HELP, START…) and cannot be a keyword`,
  taken: (w: string) => `The keyword ${w} is already used on this number`,
  limit: (n: number) =>
    `Your plan includes ${n} keywords and all are in use. Buy more keywords or delete one first.`,
  replyRequired: "Opt-in reply is required",
  notFound: "That keyword does not exist.",
} as const;

/** How a keyword is compared: trimmed, upper case (any case matches). */
export function normaliseKeyword(word: string): string {
  return word.trim().toUpperCase();
}

/** Words that belong to compliance (STOP, HELP, START and their siblings), plus JOIN and Y. */
export function isReservedKeyword(word: string): boolean {
  const w = normaliseKeyword(word)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Z0-9]/g, "");
  return w in COMPLIANCE_KEYWORDS || w === "JOIN" || w === "Y" || w === "OPTIN";
}

/** The keyword error of a candidate word, or null when it may be saved. */
export function keywordProblem(word: string): string | null {
  const w = word.trim();
  if (!w) return KEYWORD_TEXTS.required;
  if (w.length > KEYWORD_MAX_LENGTH) return KEYWORD_TEXTS.tooLong;
  if (!/^[\p{L}\p{N}]+$/u.test(w)) return KEYWORD_TEXTS.oneWord;
  if (isReservedKeyword(w)) return KEYWORD_TEXTS.reserved(normaliseKeyword(w));
  return null;
}

/**
 * The keyword a text asks to join, normalised: the whole text ("coffee ", "COFFEE") or
 * "JOIN <keyword>". Null for anything else (a sentence that merely contains the word).
 */
export function keywordOfText(body: string): string | null {
  const t = body.trim().replace(/\s+/g, " ");
  if (!t) return null;
  const m = /^join (\S+)$/i.exec(t);
  const word = m ? m[1]! : t;
  if (!/^[\p{L}\p{N}]+$/u.test(word)) return null;
  return normaliseKeyword(word);
}

/** A confirming answer to a double opt-in question ("Y", "yes", "sí"). */
export function isConfirmation(body: string): boolean {
  const w = body
    .trim()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[.!]+$/, "")
    .toUpperCase();
  return w === "Y" || w === "YES" || w === "SI";
}

export const RATES_TEXT = "Msg & data rates may apply.";
export const HELP_STOP_TEXT = "Reply HELP for help, STOP to opt out.";
export const RATES_TEXT_ES = "Pueden aplicarse tarifas de mensajes y datos.";
export const HELP_STOP_TEXT_ES = "Responda AYUDA para obtener ayuda, PARAR para darse de baja.";

export interface ReplyParts {
  /** Added in front when the text does not start with the program (business) name. */
  prefix: string;
  /** Added after when missing: the rates line and the HELP/STOP line. */
  suffix: string[];
  full: string;
  segments: SegmentCount;
}

/**
 * The opt-in reply as it will be sent: carriers require the program name, "Msg & data rates may
 * apply", and how to get help and stop; what the business wrote is kept, and only the missing
 * parts are added (the editor shows them).
 */
export function composeOptInReply(
  text: string,
  programName: string,
  lang: "en" | "es" = "en",
): ReplyParts {
  const body = text.trim();
  const lower = body.toLowerCase();
  const name = programName.trim();
  const prefix = name && !lower.startsWith(name.toLowerCase()) ? `${name}: ` : "";
  const suffix: string[] = [];
  if (lang === "es") {
    // A Spanish text ends in Spanish: the same disclosures, in the words of the Spanish answers.
    if (!lower.includes("tarifas de mensajes")) suffix.push(RATES_TEXT_ES);
    if (!/\bayuda\b/i.test(body) || !/\bparar\b/i.test(body)) suffix.push(HELP_STOP_TEXT_ES);
  } else {
    if (!lower.includes("msg & data rates may apply") && !lower.includes("msg&data rates"))
      suffix.push(RATES_TEXT);
    if (!/\bhelp\b/i.test(body) || !/\bstop\b/i.test(body)) suffix.push(HELP_STOP_TEXT);
  }
  const full = [`${prefix}${body}`, ...suffix].join(" ").trim();
  return { prefix, suffix, full, segments: countSegments(full) };
}

export const DEFAULT_DOUBLE_OPT_IN_QUESTION = "Reply Y to confirm your subscription.";
/** The Spanish question; SI is among the confirmations the answer accepts. */
export const DEFAULT_DOUBLE_OPT_IN_QUESTION_ES = "Responda SI para confirmar su suscripción.";
