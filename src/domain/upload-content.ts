/**
 * What an uploaded file's bytes must turn out to be for the name it came with. A name is the
 * uploader's claim; the content is checked against it (magic bytes, or text for text formats) so a
 * program renamed to .pdf is refused rather than stored and sent on. Images need no entry here:
 * they are decoded and re-encoded on the way in, which refuses what is not an image.
 */

/** The file types the content sniffer may answer for each declared extension. */
const CONTENT_MATCHES: Record<string, readonly string[]> = {
  pdf: ["pdf"],
  vcf: ["vcf"],
  mp3: ["mp3"],
  // Audio-only MP4 files are often branded as plain MP4, and phones record 3GP under MP4 brands.
  m4a: ["m4a", "mp4"],
  wav: ["wav"],
  mp4: ["mp4", "m4v"],
  "3gp": ["3gp", "3g2", "mp4"],
  // A workbook is a ZIP; the sniffer names it xlsx only when the part it looks for comes first.
  xlsx: ["xlsx", "zip"],
};

const TYPE_NAMES: Record<string, string> = {
  pdf: "a PDF",
  vcf: "a contact card (vCard)",
  mp3: "an MP3 audio file",
  m4a: "an M4A audio file",
  wav: "a WAV audio file",
  mp4: "an MP4 video",
  "3gp": "a 3GP video",
  xlsx: "an Excel workbook (.xlsx)",
  csv: "a CSV text file",
};

/** Whether content sniffed as `detected` (undefined: nothing recognised) fits the declared extension. */
export function contentMatches(declaredExt: string, detected: string | undefined): boolean {
  const ext = declaredExt.toLowerCase();
  return detected !== undefined && (CONTENT_MATCHES[ext]?.includes(detected) ?? false);
}

/** The refusal for a file whose content is not what its name says. */
export function contentMismatchMessage(declaredExt: string): string {
  const name = TYPE_NAMES[declaredExt.toLowerCase()] ?? `a .${declaredExt} file`;
  return `This file's content is not ${name}. Please choose the file itself, not a renamed one.`;
}

/**
 * Whether bytes read as text: no NUL byte (every binary format has them, no text encoding we read
 * does), and either valid UTF-8 or single-byte text (Latin-1 / Windows-1252, which spreadsheets
 * still export) without control characters other than tab, line breaks and form feed.
 * `utf8Valid` comes from the caller's streaming decoder.
 */
export function looksLikeText(bytes: Uint8Array, utf8Valid: boolean): boolean {
  for (const b of bytes) {
    if (b === 0) return false;
    if (!utf8Valid && b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d)
      return false;
  }
  return true;
}

/** A vCard is text that begins with BEGIN:VCARD (after an optional byte-order mark or blank lines). */
export function looksLikeVcard(head: string): boolean {
  return /^\uFEFF?\s*BEGIN:VCARD/i.test(head);
}
