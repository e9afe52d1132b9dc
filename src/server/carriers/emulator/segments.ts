/**
 * How many SMS segments a body takes, as carriers count them: GSM-7 when every character is in
 * the GSM 03.38 alphabet (160 septets, or 153 per part once split; extension characters take two
 * septets and never straddle parts), otherwise UCS-2 (70 UTF-16 units, or 67 per part, surrogate
 * pairs kept whole).
 */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM_EXTENSION = new Set("^{}\\[~]|€\f");

export interface SegmentCount {
  encoding: "GSM-7" | "UCS-2";
  segments: number;
}

export function countSegments(body: string): SegmentCount {
  const chars = [...body];
  const isGsm = chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c));
  if (isGsm) {
    const sizes = chars.map((c) => (GSM_EXTENSION.has(c) ? 2 : 1));
    return { encoding: "GSM-7", segments: split(sizes, 160, 153) };
  }
  return {
    encoding: "UCS-2",
    segments: split(
      chars.map((c) => c.length),
      70,
      67,
    ),
  };
}

/** Parts needed for units of the given sizes: one part up to `single`, else parts of `multi`. */
function split(sizes: number[], single: number, multi: number): number {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > multi) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}
