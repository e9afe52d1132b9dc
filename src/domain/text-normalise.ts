/**
 * Plain equivalents for the typographic characters word processors put into text (spec doc 2
 * §5): smart quotes, dashes, ellipsis and control characters. Left in, each of them would turn a
 * GSM-7 text into UCS-2 and cut its segment from 160 to 70 characters.
 */
const REPLACEMENTS: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u02BC\u0060\u00B4]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."],
  // Non-breaking and other fixed-width spaces.
  [/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, " "],
  // Windows and old Mac line ends.
  [/\r\n?/g, "\n"],
  [/\t/g, " "],
  // Control characters (C0 but line feed, C1) and invisible format characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  [/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF]/g, ""],
];

export function normaliseText(text: string): string {
  let out = text;
  for (const [pattern, plain] of REPLACEMENTS) out = out.replace(pattern, plain);
  // A leading inverted exclamation mark becomes a plain one.
  if (out.startsWith("¡")) out = `!${out.slice(1)}`;
  return out;
}
