import { z } from "zod";

export const AI_TEXTS = {
  invalidPrompt: "Please provide a valid prompt!",
  emptySuggestions: "Your tailored AI suggestions will appear here",
  linksChanged:
    "The shortened message changed or added links. Please double check the links before you accept it.",
  variablesChanged:
    "Some variables were altered (highlighted in red). Please revert them to their original form before sending.",
  replaceWarning: "Accepting replaces the current content of your message.",
  /** Shown in the composer's AI tools when the server has no AI service (the offline engine). */
  offline: "Suggestions from templates: no AI service is configured",
} as const;

/** Which engine answers the composer's AI tools: an AI service, or Parley's own templates. */
export const aiEngineResponse = z.object({
  engine: z.enum(["ai", "templates"]),
  /** What the tools say about it ('Suggestions from templates: …'), null with an AI service. */
  notice: z.string().nullable(),
});
export type AiEngine = z.infer<typeof aiEngineResponse>;

/** A message longer than this cannot be shortened (spec doc 2 §9). */
export const SHORTEN_MAX = 1500;
/** A proposal inserted into the editor is cut to this length (spec doc 2 §4). */
export const PROPOSAL_MAX = 2000;

const prompt = z
  .string({ error: AI_TEXTS.invalidPrompt })
  .max(1000, "Prompts are at most 1000 characters")
  .refine((v) => v.trim().length > 0, AI_TEXTS.invalidPrompt);

export const proposeRequest = z.object({ userPrompt: prompt });
export const proposeResponse = z.object({ proposals: z.array(z.object({ message: z.string() })) });
export const shortenRequest = z.object({
  message: z
    .string()
    .refine((v) => v.trim().length > 0, "Enter message")
    .refine(
      (v) => v.length <= SHORTEN_MAX,
      `Messages up to ${SHORTEN_MAX} characters can be shortened.`,
    ),
});
export const shortenResponse = z.object({ shortenedMessage: z.string() });
export const imageRequest = z.object({ prompt });
export const imageResponse = z.object({ filename: z.string(), url: z.string() });

/** Variables ([first name], custom fields…) in a message, link tokens excluded. */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(/(?<!\[)\[([^[\]\n]{1,60})\](?!\])/g)].map((m) => m[0]);
}

const URL_RE = /\bhttps?:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+/gi;
const TOKEN_RE = /\[\[link tracking id=\d+\]\]/g;

/** Links and tracked-link tokens in a message. */
export function linksOf(text: string): string[] {
  return [...(text.match(URL_RE) ?? []), ...(text.match(TOKEN_RE) ?? [])];
}

const sameMultiset = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/** What the shorten dialog warns about: links changed/added, variables no longer in the original. */
export function compareShortened(original: string, shortened: string) {
  const before = new Set(variablesOf(original));
  return {
    linksChanged: !sameMultiset(linksOf(original), linksOf(shortened)),
    alteredVariables: variablesOf(shortened).filter((v) => !before.has(v)),
    missingVariables: [...before].filter((v) => !variablesOf(shortened).includes(v)),
  };
}

// ------------------------------------------------------------------------------------------------
// Offline shortener: rules only, so it never touches a variable or a link.

const PHRASES: [RegExp, string][] = [
  [/\bas soon as possible\b/gi, "ASAP"],
  [/\bfor your information\b/gi, "FYI"],
  [/\bin order to\b/gi, "to"],
  [/\bat this point in time\b/gi, "now"],
  [/\bdue to the fact that\b/gi, "because"],
  [/\bfor a limited time only\b/gi, "limited time"],
  [/\bplease do not hesitate to\b/gi, "feel free to"],
  [/\bwe would like to\b/gi, "we'd like to"],
  [/\bwe are\b/gi, "we're"],
  [/\byou are\b/gi, "you're"],
  [/\bit is\b/gi, "it's"],
  [/\bdo not\b/gi, "don't"],
  [/\bdoes not\b/gi, "doesn't"],
  [/\bcan not\b|\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\bthat is\b/gi, "that's"],
  [/\bthere is\b/gi, "there's"],
  [/\bwe will\b/gi, "we'll"],
  [/\byou will\b/gi, "you'll"],
  [/\blet us\b/gi, "let's"],
  [/\bI am\b/g, "I'm"],
];

const WORDS: Record<string, string> = {
  and: "&",
  please: "pls",
  thanks: "thx",
  "thank you": "thx",
  tomorrow: "tmrw",
  today: "today",
  message: "msg",
  messages: "msgs",
  information: "info",
  appointment: "appt",
  appointments: "appts",
  minutes: "min",
  minute: "min",
  hours: "hrs",
  hour: "hr",
  percent: "%",
  before: "b4",
  because: "bc",
  between: "btwn",
  without: "w/o",
  with: "w/",
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
  sunday: "Sun",
  january: "Jan",
  february: "Feb",
  september: "Sept",
  october: "Oct",
  november: "Nov",
  december: "Dec",
  number: "#",
  you: "you",
  "free of charge": "free",
};

const FILLERS =
  /\b(?:really|very|just|actually|basically|simply|totally|truly|definitely|certainly|quite|extremely)\s+/gi;

/** Shortens by rules: phrases, abbreviations, filler words, spacing. Variables, tracked-link
 * tokens and URLs are set aside first and put back unchanged. */
export function shortenOffline(text: string): string {
  const kept: string[] = [];
  const protect = (s: string) => `\u0000${kept.push(s) - 1}\u0000`;
  let t = text
    .replace(TOKEN_RE, protect)
    .replace(URL_RE, protect)
    .replace(/\[[^[\]\n]{1,60}\]/g, protect);
  for (const [re, to] of PHRASES) t = t.replace(re, (m) => keepCase(m, to));
  t = t.replace(/\bthank you\b|\bfree of charge\b/gi, (m) => keepCase(m, WORDS[m.toLowerCase()]!));
  t = t.replace(FILLERS, "");
  t = t.replace(/\b[A-Za-z]+\b/g, (w) => {
    const to = WORDS[w.toLowerCase()];
    return to === undefined ? w : keepCase(w, to);
  });
  t = t
    .replace(/[ \t]+/g, " ")
    .replace(/ +([,.!?;:])/g, "$1")
    .replace(/([!?.]){2,}/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^ +| +$/gm, "")
    .trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholder marker
  return t.replace(/\u0000(\d+)\u0000/g, (_, i) => kept[Number(i)]!);
}

function keepCase(original: string, to: string): string {
  if (/^[A-Z]/.test(original) && /^[a-z]/.test(to)) return to[0]!.toUpperCase() + to.slice(1);
  return to;
}
