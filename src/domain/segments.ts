/**
 * How many SMS segments (and so message credits) a text takes, as carriers count them (spec doc 1
 * §9, doc 2 §5, §9): GSM-7 when every character is in the GSM 03.38 alphabet (160 septets in one
 * segment, 153 per part once split; extension characters take two septets and never straddle
 * parts), otherwise UCS-2 (70 UTF-16 units, 67 per part; an astral character such as an emoji is
 * two units and its surrogate pair is never split). The composer's counter, the send pipeline's
 * credit charge and the carrier emulator all count with this one function.
 */
export const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
export const GSM_EXTENSION = new Set("^{}\\[~]|€\f");

const SEGMENT_SIZE = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
} as const;

/** An MMS costs this many credits whatever its length (spec doc 1 §9). */
export const MMS_CREDITS = 3;

type Encoding = keyof typeof SEGMENT_SIZE;

export interface SegmentCount {
  encoding: Encoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  /** At least 1: an empty text still goes out as one (empty) segment. */
  segments: number;
  /** Units a segment holds at this length: 160/70 for a single segment, 153/67 once split. */
  perSegment: number;
  /** Units that still fit before one more segment (one more credit) is needed. */
  remainingInSegment: number;
}

function isGsmChar(char: string): boolean {
  return GSM_BASIC.has(char) || GSM_EXTENSION.has(char);
}

/** The size of each character in its encoding's units. */
function unitSizes(chars: string[], encoding: Encoding): number[] {
  if (encoding === "GSM-7") return chars.map((c) => (GSM_EXTENSION.has(c) ? 2 : 1));
  return chars.map((c) => c.length);
}

export function countSegments(text: string): SegmentCount {
  const chars = [...text];
  const encoding: Encoding = chars.every(isGsmChar) ? "GSM-7" : "UCS-2";
  const sizes = unitSizes(chars, encoding);
  const { single, multi } = SEGMENT_SIZE[encoding];
  const units = sizes.reduce((a, b) => a + b, 0);
  if (units <= single) {
    return { encoding, units, segments: 1, perSegment: single, remainingInSegment: single - units };
  }
  // Split: each part holds `multi` units; a character that would straddle a boundary moves whole
  // to the next part.
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments, perSegment: multi, remainingInSegment: multi - used };
}

/** Credits one message costs: its segments for an SMS, a flat 3 for an MMS. */
export function creditsFor(text: string, isMms: boolean): number {
  return isMms ? MMS_CREDITS : countSegments(text).segments;
}
