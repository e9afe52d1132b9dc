import { displayPhone } from "./contact-display";
import { type InnerPhrase, type Phrase, phraseText } from "./phrase";

/**
 * Consent evidence: where a public sign-up was made (the page's own URL, sent by the page since
 * the app sends no Referer) and a readable summary of a consent-log line for the business.
 */

/** Longest page URL kept as evidence; longer ones are ignored rather than cut into another URL. */
export const PAGE_URL_MAX = 2000;

/**
 * The page URL a sign-up says it came from, made safe to keep: an http(s) URL of at most
 * PAGE_URL_MAX characters, without its fragment or any user:password part. Anything else is
 * null, and the sign-up goes on without it.
 */
export function consentPageUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (!text || text.length > PAGE_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  return url.href.length <= PAGE_URL_MAX ? url.href : null;
}

/** What a business reads of one consent-log line. */
export interface ConsentEvidenceSummary {
  /** How consent was given: "Sign-up page", "Keyword JOIN", "Opt-in form"… */
  how: string;
  /** The same as a phrase (without "(web banner)"), for a screen in another language. */
  howPhrase: InnerPhrase;
  /** Made through the web banner. */
  viaBanner: boolean;
  /** The page the sign-up was made on, when recorded. */
  pageUrl: string | null;
  /** The client address it came from, when recorded. */
  ip: string | null;
  /** The consent text the person was shown (or the message they texted), when recorded. */
  text: string | null;
  /** A free-text note (an API caller's or an agent's words) when the record is not structured. */
  note: string | null;
}

const PAGE_KINDS: Record<string, string> = {
  sign_up_page: "Sign-up page",
  optin_form: "Opt-in form (popup)",
};

const SOURCE_KINDS: Record<string, string> = {
  keyword: "Keyword (text message)",
  sign_up_form: "Sign-up page",
  optin_page: "Opt-in page",
  optin_form: "Opt-in form (popup)",
  qr_code: "QR code",
  import: "Spreadsheet import",
  api: "API",
  manual: "Recorded by hand",
  carrier: "Carrier report",
  inbound_message: "Texted in",
};

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** Reads a consent-log line's detail (JSON evidence, or plain words) into a summary. */
export function summarizeConsentEvidence(source: string, detail: string): ConsentEvidenceSummary {
  // A confirmed double opt-in appends words after the JSON ("… Confirmed by texting Y …").
  const end = detail.lastIndexOf("}");
  const record = detail.trimStart().startsWith("{") ? parseObject(detail.slice(0, end + 1)) : null;
  const base: InnerPhrase = {
    key: SOURCE_KINDS[source] ?? source.replaceAll("_", " "),
    values: {},
  };
  if (!record)
    return {
      how: base.key,
      howPhrase: base,
      viaBanner: false,
      pageUrl: null,
      ip: null,
      text: null,
      note: str(detail),
    };
  const after = str(detail.slice(end + 1));
  const page = str(record.page);
  let how = base;
  if (page?.startsWith("opt_in_page:"))
    how = { key: "Opt-in page “{{name}}”", values: { name: page.slice("opt_in_page:".length) } };
  else if (page && PAGE_KINDS[page]) how = { key: PAGE_KINDS[page]!, values: {} };
  const keyword = str(record.keyword);
  if (keyword) how = { key: "Keyword {{keyword}}", values: { keyword } };
  const viaBanner = record.via === "banner";
  return {
    how: viaBanner ? `${phraseText(how)} (web banner)` : phraseText(how),
    howPhrase: how,
    viaBanner,
    pageUrl: consentPageUrl(record.url),
    ip: str(record.ip),
    text: str(record.consentText) ?? str(record.message) ?? str(record.body),
    note:
      [str(record.confirmedBy), str(record.note) ?? str(record.evidence), after]
        .filter(Boolean)
        .join(" · ") || null,
  };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z/g;

/**
 * A stored consent note in words a business reads: times in its own zone, numbers as it writes
 * them, and no internal message ids (the stored record keeps them).
 */
export function readableConsentNote(note: string, formatTime: (at: Date) => string): string {
  return note
    .replace(/,? inbound message \d+/g, "")
    .replace(new RegExp(` at (${ISO_TIME.source})`, "g"), (_m, iso: string) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? ` at ${iso}` : ` on ${formatTime(at)}`;
    })
    .replace(/\+\d{8,15}\b/g, (phone) => displayPhone(phone));
}

/** One consent record as a business reads it, and the stored record when it is structured. */
export interface ConsentDescription {
  /** One readable sentence: how, where, when, from which address. */
  summary: string;
  /**
   * The sentence's parts before its note (joined by commas), for a screen in another language;
   * null when the stored words are all there is.
   */
  parts: Phrase[] | null;
  /** The stored note after them, readable (the record's own words). */
  note: string | null;
  /** The full stored record, laid out, for a "Show the full record" disclosure; null when the summary is all of it. */
  record: string | null;
}

/**
 * Describes a consent record (a subscriber's consent detail or a consent-log line): a sign-up's
 * JSON becomes "Sign-up page at https://…, from address 203.0.113.9", a texted keyword a sentence
 * with the time in the account's zone; `at` is when it was recorded.
 */
export function describeConsent(
  source: string,
  detail: string,
  at: Date | null,
  formatTime: (at: Date) => string,
): ConsentDescription {
  const ev = summarizeConsentEvidence(source, detail);
  const structured = detail.trimStart().startsWith("{") && (ev.pageUrl || ev.ip || ev.text);
  if (!structured) {
    const note = readableConsentNote(detail.trim(), formatTime);
    return { summary: note, parts: null, note, record: null };
  }
  const how = ev.howPhrase;
  const parts: Phrase[] = [
    ev.pageUrl
      ? {
          key: ev.viaBanner ? "{{how}} (web banner) at {{url}}" : "{{how}} at {{url}}",
          values: { how, url: ev.pageUrl },
        }
      : { key: ev.viaBanner ? "{{how}} (web banner)" : "{{how}}", values: { how } },
  ];
  if (at) parts.push({ key: "on {{time}}", values: { time: formatTime(at) } });
  if (ev.ip) parts.push({ key: "from address {{ip}}", values: { ip: ev.ip } });
  const note = ev.note ? readableConsentNote(ev.note, formatTime) : null;
  return {
    summary: `${parts.map(phraseText).join(", ")}.${note ? ` ${note}` : ""}`,
    parts,
    note,
    record: prettyRecord(detail),
  };
}

function prettyRecord(detail: string): string {
  const end = detail.lastIndexOf("}");
  const record = parseObject(detail.slice(0, end + 1));
  if (!record) return detail;
  const after = detail.slice(end + 1).trim();
  return `${JSON.stringify(record, null, 2)}${after ? `\n${after}` : ""}`;
}
