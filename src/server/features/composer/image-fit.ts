import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../../../domain/errors";
import { COMPOSE_TEXT, MMS_MAX_BYTES } from "../../../domain/message-compose.schemas";
import {
  assertPixelCap,
  IMAGE_TEXT,
  MAX_IMAGE_PIXELS,
  openImage,
  withImageSlot,
} from "./image-guard";

interface FittedImage {
  data: Buffer;
  ext: "jpg" | "png" | "gif";
  contentType: string;
}

/** Longest sides tried, largest first: phones show MMS images at most this big. */
const SIDES = [1600, 1280, 1024, 800, 640, 480, 320];
const QUALITIES = [85, 72, 60, 48];

/**
 * An image as an MMS can carry it (spec doc 1 §9: 500 KB): read whatever the person chose (JPEG,
 * PNG, GIF, BMP), turned upright, stripped of metadata, and re-encoded smaller until it fits.
 * Pictures become JPEG; a PNG with transparency stays PNG when it fits, and a GIF that already
 * fits is kept as it is (its animation too).
 */
export function fitImage(input: Buffer, limit = MMS_MAX_BYTES): Promise<FittedImage> {
  return withImageSlot(() => fitInSlot(input, limit));
}

async function fitInSlot(input: Buffer, limit: number): Promise<FittedImage> {
  if (!isBmp(input)) await assertPixelCap(input);
  const source = isBmp(input) ? bmpToSharp(input) : openImage(input, { failOn: "error" });
  let meta: Metadata;
  try {
    meta = await source.metadata();
  } catch {
    throw new AppError("BAD_REQUEST", COMPOSE_TEXT.imageUnreadable);
  }
  if (!meta.width || !meta.height) throw new AppError("BAD_REQUEST", COMPOSE_TEXT.imageUnreadable);

  try {
    if (meta.format === "gif" && input.length <= limit) {
      return { data: input, ext: "gif", contentType: "image/gif" };
    }
    if (meta.hasAlpha && meta.format === "png") {
      for (const side of SIDES) {
        const png = await source
          .clone()
          .rotate()
          .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
          .png({ compressionLevel: 9, palette: true })
          .toBuffer();
        if (png.length <= limit) return { data: png, ext: "png", contentType: "image/png" };
      }
    }
    for (const side of SIDES) {
      for (const quality of QUALITIES) {
        const jpeg = await source
          .clone()
          .rotate()
          .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality, mozjpeg: true })
          .toBuffer();
        if (jpeg.length <= limit) return { data: jpeg, ext: "jpg", contentType: "image/jpeg" };
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("BAD_REQUEST", COMPOSE_TEXT.imageUnreadable);
  }
  throw new AppError("BAD_REQUEST", COMPOSE_TEXT.imageTooLarge);
}

function isBmp(buf: Buffer): boolean {
  return buf.length > 54 && buf[0] === 0x42 && buf[1] === 0x4d;
}

/**
 * libvips reads no BMP, so Windows bitmaps are decoded here: uncompressed 24- and 32-bit, 32-bit
 * with bit fields, and 1/4/8-bit palettes; bottom-up or top-down rows. Anything else (RLE) is
 * refused as unreadable.
 */
function bmpToSharp(buf: Buffer): Sharp {
  const unreadable = () => new AppError("BAD_REQUEST", COMPOSE_TEXT.imageUnreadable);
  if (buf.length < 54) throw unreadable();
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height === 0) throw unreadable();
  if (width * height > MAX_IMAGE_PIXELS)
    throw new AppError("BAD_REQUEST", IMAGE_TEXT.tooManyPixels);
  const bitfields = compression === 3 && bpp === 32;
  if (!(compression === 0 || bitfields)) throw unreadable();
  if (![1, 4, 8, 24, 32].includes(bpp)) throw unreadable();

  const rowSize = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + rowSize * height > buf.length) throw unreadable();
  const paletteStart = 14 + headerSize;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const srcRow = dataOffset + (topDown ? y : height - 1 - y) * rowSize;
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      if (bpp === 24 || bpp === 32) {
        const p = srcRow + x * (bpp / 8);
        b = buf[p]!;
        g = buf[p + 1]!;
        r = buf[p + 2]!;
      } else {
        const bitPos = x * bpp;
        const byte = buf[srcRow + (bitPos >> 3)]!;
        const shift = 8 - bpp - (bitPos & 7);
        const index = (byte >> shift) & ((1 << bpp) - 1);
        const p = paletteStart + index * 4;
        if (p + 2 >= buf.length) throw unreadable();
        b = buf[p]!;
        g = buf[p + 1]!;
        r = buf[p + 2]!;
      }
      const o = (y * width + x) * 3;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } });
}
