import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { AppError } from "../../../domain/errors";
import {
  COMPOSE_TEXT,
  fileExtension,
  isImageName,
  MMS_MAX_BYTES,
  OTHER_ATTACHMENT_EXTENSIONS,
  type UploadResponse,
} from "../../../domain/message-compose.schemas";
import type { AppContext } from "../../http/context";
import { assertContentIs } from "../../http/upload-content";
import { storageKey } from "../../storage/storage";
import { fitImage } from "./image-fit";

/** What a stored file is served as; the name's extension decides (names are ours, never the client's). */
const MEDIA_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  pdf: "application/pdf",
  vcf: "text/vcard",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  mp4: "video/mp4",
  "3gp": "video/3gpp",
};
const MEDIA_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|pdf|vcf|mp3|m4a|wav|mp4|3gp)$/;
export const MEDIA_PATH_PREFIX = "/media";

function mediaType(name: string): string {
  return MEDIA_TYPES[fileExtension(name)] ?? "application/octet-stream";
}

/**
 * Keeps a file of the account's media (uploads, generated images) in the file store under a name
 * of 128 random bits, and answers the public URL /media serves it at.
 */
export async function storeMedia(
  ctx: AppContext,
  accountId: number,
  ext: string,
  data: Buffer,
): Promise<{ name: string; url: string }> {
  const name = `${randomBytes(16).toString("hex")}.${ext}`;
  await ctx.storage.put(storageKey("uploads", accountId, name), data, mediaType(name));
  return { name, url: `${ctx.config.publicBase}${MEDIA_PATH_PREFIX}/${accountId}/${name}` };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("BAD_REQUEST", COMPOSE_TEXT.fileTooLarge);
    throw new AppError("BAD_REQUEST", "The file did not arrive whole. Please upload it again.");
  }
  if ((stream as { truncated?: boolean }).truncated)
    throw new AppError("BAD_REQUEST", COMPOSE_TEXT.fileTooLarge);
  return Buffer.concat(chunks);
}

/**
 * Stores one upload of the account as uploads/<accountId>/<random name> and answers its public URL (the carrier fetches MMS media from it, so it needs no session; the name is 128
 * random bits). Images are re-encoded to fit an MMS; other attachments must already fit.
 */
export async function storeUpload(
  ctx: AppContext,
  accountId: number,
  file: { filename: string; stream: Readable },
  kind: "image" | "attachment",
): Promise<UploadResponse> {
  const ext = fileExtension(file.filename);
  const image = isImageName(file.filename);
  const allowed =
    image ||
    (kind === "attachment" && (OTHER_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext));
  if (!allowed) {
    file.stream.resume();
    throw new AppError(
      "BAD_REQUEST",
      kind === "image" ? COMPOSE_TEXT.wrongImageType : COMPOSE_TEXT.wrongAttachmentType,
    );
  }
  const data = await readAll(file.stream);
  if (data.length === 0) throw new AppError("BAD_REQUEST", "The file is empty.");

  let stored: { data: Buffer; ext: string };
  if (image) {
    stored = await fitImage(data);
  } else {
    if (data.length > MMS_MAX_BYTES)
      throw new AppError("BAD_REQUEST", "Attachments other than images can be at most 500 KB.");
    // The name is only a claim: the bytes must be that type (images are checked by decoding).
    await assertContentIs(ext, data);
    stored = { data, ext };
  }
  const { url } = await storeMedia(ctx, accountId, stored.ext, stored.data);
  return { filename: file.filename, fileUrl: url };
}

/** A stored upload to serve, or null when there is none by that name. */
export async function openMedia(ctx: AppContext, accountId: number, name: string) {
  if (!MEDIA_NAME.test(name)) return null;
  const file = await ctx.storage.open(storageKey("uploads", accountId, name));
  return file && { ...file, contentType: mediaType(name) };
}
