import { open } from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../domain/errors";
import {
  contentMatches,
  contentMismatchMessage,
  looksLikeText,
  looksLikeVcard,
} from "../../domain/upload-content";

/**
 * Refuses (400) bytes whose content is not the type their extension claims, by magic bytes
 * (file-type). vCards are text with a fixed first line, checked as such when not recognised.
 */
export async function assertContentIs(declaredExt: string, data: Uint8Array): Promise<void> {
  const detected = await fileTypeFromBuffer(data);
  if (contentMatches(declaredExt, detected?.ext)) return;
  if (declaredExt.toLowerCase() === "vcf" && detected === undefined) {
    const head = data.subarray(0, 4096);
    const utf8 = isUtf8Prefix(head);
    if (looksLikeText(head, utf8) && looksLikeVcard(Buffer.from(head).toString("latin1"))) return;
  }
  throw new AppError("BAD_REQUEST", contentMismatchMessage(declaredExt));
}

/** The same check for a file already on disk (only its first bytes are read). */
export async function assertFileContentIs(declaredExt: string, filePath: string): Promise<void> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    await assertContentIs(declaredExt, head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Refuses a file that claims to be CSV / plain text but is not text: read whole, in chunks, so a
 * binary tail behind a text-looking start is caught too.
 */
export async function assertFileIsText(filePath: string): Promise<void> {
  const handle = await open(filePath, "r");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let utf8 = true;
  // Control characters are fine in UTF-8 text but tell single-byte text from binary.
  let controls = false;
  try {
    for await (const chunk of handle.createReadStream({ highWaterMark: 64 * 1024 })) {
      const bytes = chunk as Buffer;
      if (!looksLikeText(bytes, true)) throw notText();
      if (!controls && !looksLikeText(bytes, false)) controls = true;
      if (utf8) {
        try {
          decoder.decode(bytes, { stream: true });
        } catch {
          utf8 = false;
        }
      }
      if (!utf8 && controls) throw notText();
    }
    if (utf8) {
      try {
        decoder.decode();
      } catch {
        utf8 = false;
      }
    }
    if (!utf8 && controls) throw notText();
  } finally {
    await handle.close().catch(() => {});
  }
}

function notText(): AppError {
  return new AppError(
    "BAD_REQUEST",
    "This file's content is not a CSV text file. Please choose a .csv or .xlsx file.",
  );
}

/** Whether bytes are UTF-8, allowing a character cut off at the end (a prefix of a file). */
function isUtf8Prefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
