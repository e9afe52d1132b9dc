import { GSM_BASIC, GSM_EXTENSION } from "./segments";

/** Send settings (doc 1 §3, Settings page): a header and footer on every message, foreign characters. */
export interface SendSettings {
  header: string;
  footer: string;
  allowForeignChars: boolean;
}

const LOOKALIKE: Record<string, string> = {
  "‘": "'",
  "’": "'",
  "‚": "'",
  "‛": "'",
  "“": '"',
  "”": '"',
  "„": '"',
  "–": "-",
  "—": "-",
  "…": "...",
  "\u00a0": " ",
  "•": "-",
};

function isGsm(c: string) {
  return GSM_BASIC.has(c) || GSM_EXTENSION.has(c);
}

/**
 * With foreign characters not allowed, each character outside the GSM alphabet becomes its plain
 * look-alike (curly quotes, dashes, accents stripped: 'ç' → 'c'), so the text keeps 160 characters
 * per segment. Emoji and scripts without a Latin look-alike stay as written.
 */
export function toGsmLookalikes(text: string): string {
  let out = "";
  for (const c of text) {
    if (isGsm(c)) {
      out += c;
      continue;
    }
    const mapped = LOOKALIKE[c];
    if (mapped !== undefined) {
      out += mapped;
      continue;
    }
    const stripped = c.normalize("NFD").replace(/\p{M}+/gu, "");
    out += stripped && [...stripped].every(isGsm) ? stripped : c;
  }
  return out;
}

/** The final text with the account's send settings applied: header line, footer line, characters. */
export function applySendSettings(text: string, s: SendSettings | null | undefined): string {
  if (!s) return text;
  const header = s.header.trim();
  const footer = s.footer.trim();
  const framed = `${header ? `${header}\n` : ""}${text}${footer ? `\n${footer}` : ""}`;
  return s.allowForeignChars ? framed : toGsmLookalikes(framed);
}
