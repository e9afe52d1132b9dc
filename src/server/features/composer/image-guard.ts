import sharp, { type SharpOptions } from "sharp";
import { AppError } from "../../../domain/errors";

/**
 * Every image Parley decodes (uploads, the contact card photo, AI images) is opened here: a
 * pixel cap that libvips enforces, checked first from the header alone so a small file that
 * claims a gigantic picture (a "decompression bomb") is refused before any decoding, and a
 * limit on how many images are worked on at once, so a burst of uploads cannot take every CPU
 * and all the memory of the process.
 */

/** 40 megapixels: any phone photo, far below what would exhaust memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Images decoded at the same time in this process; more wait their turn. */
const SLOTS = 2;
/** Beyond this many waiting, an upload is refused (try again) rather than queued. */
const MAX_WAITING = 32;

export const IMAGE_TEXT = {
  tooManyPixels: "This image is too large (more than 40 megapixels). Please choose a smaller one.",
  busy: "Too many images are being processed right now. Please try again in a moment.",
} as const;

/** A sharp instance with the pixel cap. */
export function openImage(input: Buffer, options: SharpOptions = {}) {
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, ...options });
}

/** Refuses, from the header only, an image over the pixel cap; unreadable headers pass (the decoder says so). */
export async function assertPixelCap(input: Buffer): Promise<void> {
  let meta: { width?: number; height?: number; pages?: number };
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return;
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  if (pixels > MAX_IMAGE_PIXELS) throw new AppError("BAD_REQUEST", IMAGE_TEXT.tooManyPixels);
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the image slots is free. */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) {
    if (waiting.length >= MAX_WAITING) throw new AppError("RATE_LIMITED", IMAGE_TEXT.busy);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line; only when nobody waits is it freed.
    if (next) next();
    else running--;
  }
}
