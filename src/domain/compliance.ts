/**
 * Compliance words and answers (CTIA, carrier and FCC rules), as tables.
 *
 * The rule for a keyword message: after dropping accents, case and punctuation, the words of the
 * message are compliance keywords of one kind (STOP, "stop stop", "OPT OUT") plus at most
 * MAX_EXTRA_WORDS courtesy words ("Stop please", "please stop texting me", "AYUDA por favor").
 * Any other word makes it an ordinary message: "I can't stop smiling, when do you open?" is a
 * question for the inbox, not an opt-out.
 */

export type ComplianceKind = "stop" | "start" | "help";
export type ComplianceLanguage = "en" | "es";

interface KeywordEntry {
  kind: ComplianceKind;
  lang: ComplianceLanguage;
  /**
   * Everyday answers (YES, SÍ) also answer an agent's question in the inbox: they only count as
   * an opt-in from a number that has opted out (replying to "Reply START to resubscribe").
   */
  onlyWhenOptedOut?: boolean;
}

/** Every keyword, as written after normalising (upper case, no accents, OPT OUT joined). */
export const COMPLIANCE_KEYWORDS: Readonly<Record<string, KeywordEntry>> = {
  // Opt-out: Twilio's standard words and the FCC's 2024 list.
  STOP: { kind: "stop", lang: "en" },
  STOPALL: { kind: "stop", lang: "en" },
  UNSUBSCRIBE: { kind: "stop", lang: "en" },
  CANCEL: { kind: "stop", lang: "en" },
  END: { kind: "stop", lang: "en" },
  QUIT: { kind: "stop", lang: "en" },
  REVOKE: { kind: "stop", lang: "en" },
  OPTOUT: { kind: "stop", lang: "en" },
  PARAR: { kind: "stop", lang: "es" },
  ALTO: { kind: "stop", lang: "es" },
  CANCELAR: { kind: "stop", lang: "es" },
  BAJA: { kind: "stop", lang: "es" },
  // Opt back in.
  START: { kind: "start", lang: "en" },
  UNSTOP: { kind: "start", lang: "en" },
  YES: { kind: "start", lang: "en", onlyWhenOptedOut: true },
  COMENZAR: { kind: "start", lang: "es" },
  ALTA: { kind: "start", lang: "es" },
  SI: { kind: "start", lang: "es", onlyWhenOptedOut: true },
  // Help.
  HELP: { kind: "help", lang: "en" },
  INFO: { kind: "help", lang: "en" },
  AYUDA: { kind: "help", lang: "es" },
};

/** Courtesy words that may surround a keyword without making it a sentence. */
export const COURTESY_WORDS: ReadonlySet<string> = new Set([
  "PLEASE",
  "OK",
  "OKAY",
  "JUST",
  "ALL",
  "PLS",
  "PLZ",
  "NOW",
  "THANKS",
  "THANK",
  "YOU",
  "THX",
  "TY",
  "ME",
  "TEXTING",
  "TEXTS",
  "MESSAGING",
  "MESSAGES",
  "SENDING",
  "POR",
  "FAVOR",
  "GRACIAS",
  "YA",
  "MENSAJES",
]);

export const MAX_EXTRA_WORDS = 3;

/** When several kinds appear ("STOP HELP"), the opt-out wins: it is the safe reading. */
const PRIORITY: ComplianceKind[] = ["stop", "help", "start"];

export interface ComplianceMatch {
  kind: ComplianceKind;
  lang: ComplianceLanguage;
  /** The keyword as normalised, e.g. PARAR. */
  word: string;
}

function wordsOf(body: string): string[] {
  const words = body
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  // "OPT OUT" and "opt-out" are the one keyword OPTOUT.
  const joined: string[] = [];
  for (const w of words) {
    if (w === "OUT" && joined[joined.length - 1] === "OPT") joined[joined.length - 1] = "OPTOUT";
    else joined.push(w);
  }
  return joined;
}

/**
 * What an inbound text asks for, or null for an ordinary message. `optedOut`: whether the sender
 * is opted out of this account now (YES and SÍ count only then).
 */
export function classifyInbound(
  body: string,
  state: { optedOut: boolean } = { optedOut: false },
): ComplianceMatch | null {
  const words = wordsOf(body);
  const found: ComplianceMatch[] = [];
  let extra = 0;
  for (const w of words) {
    const entry = COMPLIANCE_KEYWORDS[w];
    if (entry && (!entry.onlyWhenOptedOut || state.optedOut))
      found.push({ kind: entry.kind, lang: entry.lang, word: w });
    else if (COURTESY_WORDS.has(w)) extra++;
    else return null;
  }
  if (found.length === 0 || extra > MAX_EXTRA_WORDS) return null;
  for (const kind of PRIORITY) {
    const match = found.find((f) => f.kind === kind);
    if (match) return match;
  }
  return null;
}

/** The program an answer names: the account's description, else "<Business> text alerts". */
export function programName(
  businessName: string,
  lang: ComplianceLanguage,
  description?: string,
): string {
  if (description?.trim()) return description.trim().replace(/[.]+$/u, "");
  return lang === "es" ? `Alertas de texto de ${businessName}` : `${businessName} text alerts`;
}

export function stopConfirmation(businessName: string, lang: ComplianceLanguage = "en"): string {
  return lang === "es"
    ? `${businessName}: Se ha dado de baja y no recibirá más mensajes. Responda COMENZAR para volver a suscribirse.`
    : `${businessName}: You have been unsubscribed and will receive no further messages. Reply START to resubscribe.`;
}

export function startConfirmation(
  businessName: string,
  lang: ComplianceLanguage = "en",
  description?: string,
): string {
  const program = sentence(programName(businessName, lang, description));
  return lang === "es"
    ? `${businessName}: Se ha suscrito a ${program}. Pueden aplicarse tarifas de mensajes y datos. Responda AYUDA para obtener ayuda, PARAR para darse de baja.`
    : `${businessName}: You are subscribed to ${program}. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
}

export interface HelpInput {
  businessName: string;
  /** Support e-mail, phone or web address. */
  contact: string;
  /** The account's own description of its program, when it has one. */
  description?: string;
  /** An opted-out number is told how to come back, not how to leave. */
  optedOut: boolean;
  lang?: ComplianceLanguage;
}

export function helpReply(h: HelpInput): string {
  const lang = h.lang ?? "en";
  const program = sentence(programName(h.businessName, lang, h.description));
  // The business is named once: the program's own name carries it when it holds it already.
  const named = program.toLowerCase().includes(sentence(h.businessName).toLowerCase())
    ? `${program}.`
    : `${h.businessName}: ${program}.`;
  if (lang === "es") {
    const reach = h.contact ? ` Ayuda: ${sentence(h.contact)}.` : "";
    const tail = h.optedOut
      ? "Está dado de baja. Responda COMENZAR para volver a suscribirse."
      : "Responda PARAR para darse de baja.";
    return `${named}${reach} Pueden aplicarse tarifas de mensajes y datos. ${tail}`;
  }
  const reach = h.contact ? ` Help: ${sentence(h.contact)}.` : "";
  const tail = h.optedOut
    ? "You are unsubscribed. Reply START to resubscribe."
    : "Reply STOP to opt out.";
  return `${named}${reach} Msg & data rates may apply. ${tail}`;
}

/** Text that a full stop follows, without its own ("Bean Co." + "." must not read "Co.."). */
const sentence = (text: string) => text.trim().replace(/[.]+$/u, "");
