import { LINK_TOKEN_RE } from "../../../domain/links";
import { maxMessageLength, messageLength } from "../../../domain/message-form.schemas";
import { countSegments, MMS_CREDITS } from "../../../domain/segments";
import { applySendSettings, type SendSettings } from "../../../domain/send-settings";

/** A plain text as the editor's document: one paragraph a line. */
export function textToDoc(text: string) {
  return {
    type: "doc",
    content: text.split("\n").map((line) => ({
      type: "paragraph",
      ...(line ? { content: [{ type: "text", text: line }] } : {}),
    })),
  };
}

/** Cuts a text to `max` characters (code points, so an emoji is never split). */
export function cutToLength(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, Math.max(0, max)).join("");
}

/** A tracked link's token becomes a short URL a little longer than itself (spec doc 2 §5). */
const LINK_MARGIN = 2;

/**
 * The text as it will be counted once sent: a tracked link's token stands for a short URL of its
 * length plus the margin, and a variable's brackets are not GSM extension characters that cost
 * two (the value replaces them), so each counts by its written length.
 */
function countableText(text: string): string {
  return text
    .replace(LINK_TOKEN_RE, (token) => "x".repeat(token.length + LINK_MARGIN))
    .replace(/\[([^[\]\n]{1,100})\]/g, (_, inner: string) => `x${inner}x`);
}

interface CounterState {
  /** Characters (GSM-7 septets or UCS-2 units) left before one more credit is needed. */
  remaining: number;
  credits: number;
  encoding: "GSM-7" | "UCS-2";
  length: number;
  max: number;
  atLimit: boolean;
}

/**
 * The counter under the editor: the whole text a recipient gets (header, message, signature,
 * footer), plus 2 characters for each tracked link, in SMS segments; an MMS costs 3 credits and
 * its room is what is left of the 1550 characters.
 */
export function counterState(
  text: string,
  opts: {
    isMms: boolean;
    before?: string;
    after?: string;
    offset?: number;
    /** The account's send settings: their header, footer and characters are counted as sent. */
    sendSettings?: SendSettings | null;
  },
): CounterState {
  const max = maxMessageLength(opts.isMms);
  const length = messageLength(text);
  const full = applySendSettings(
    `${opts.before ?? ""}${countableText(text)}${"x".repeat(opts.offset ?? 0)}${opts.after ?? ""}`,
    opts.sendSettings,
  );
  const count = countSegments(full);
  if (opts.isMms) {
    return {
      remaining: Math.max(0, max - length),
      credits: MMS_CREDITS,
      encoding: count.encoding,
      length,
      max,
      atLimit: length >= max,
    };
  }
  return {
    remaining: count.remainingInSegment,
    credits: count.segments,
    encoding: count.encoding,
    length,
    max,
    atLimit: length >= max,
  };
}
