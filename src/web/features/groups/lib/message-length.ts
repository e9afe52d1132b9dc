/** GSM-7 characters (basic set and extension): a message of only these fits 160 per segment. */
const GSM7 = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€\f",
);

export const MAX_SMS_LENGTH = 2000;

/**
 * Characters and segments of an SMS as spec doc 2 §9 counts them: 160 characters per segment,
 * 70 when the text has an emoji or a character outside the GSM alphabet.
 */
export function messageLength(text: string): {
  characters: number;
  segments: number;
  unicode: boolean;
} {
  const chars = [...text];
  const unicode = chars.some((c) => !GSM7.has(c));
  const per = unicode ? 70 : 160;
  return {
    characters: chars.length,
    segments: chars.length === 0 ? 0 : Math.ceil(chars.length / per),
    unicode,
  };
}
