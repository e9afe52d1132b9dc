import QRCode from "qrcode";
import { i18n } from "../../../i18n";

/**
 * QR codes drawn in the browser: one SVG (modules as one path, an optional logo in the middle on a
 * plate of the background colour, an optional frame with a line of text under the code), and a
 * PNG rasterised from that same SVG, so both downloads always match the preview.
 */
export interface QrStyle {
  fgColor: string;
  bgColor: string;
  /** A data URL, drawn over the middle of the code. */
  logo?: string | null;
  frameText?: string;
}

const MODULE = 10;
const QUIET = 4;
const FRAME = 14;
const BAND = 76;

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function qrSvg(text: string, style: QrStyle): string {
  // A logo hides modules: the highest error correction (30%) keeps the code readable.
  const qr = QRCode.create(text, { errorCorrectionLevel: style.logo ? "H" : "M" });
  const n = qr.modules.size;
  const code = (n + QUIET * 2) * MODULE;
  const framed = !!style.frameText;
  const pad = framed ? FRAME : 0;
  const width = code + pad * 2;
  const height = code + pad * 2 + (framed ? BAND : 0);
  let path = "";
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      if (qr.modules.get(y, x))
        path += `M${(x + QUIET) * MODULE + pad} ${(y + QUIET) * MODULE + pad}h${MODULE}v${MODULE}h-${MODULE}z`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    framed
      ? `<rect width="${width}" height="${height}" rx="18" fill="${style.fgColor}"/><rect x="${pad}" y="${pad}" width="${code}" height="${code}" rx="6" fill="${style.bgColor}"/>`
      : `<rect width="${width}" height="${height}" fill="${style.bgColor}"/>`,
    `<path d="${path}" fill="${style.fgColor}"/>`,
  ];
  if (style.logo) {
    // At most ~22% of the side: well inside what level H recovers.
    const box = Math.round(code * 0.22);
    const plate = box + MODULE * 2;
    const cx = pad + code / 2;
    parts.push(
      `<rect x="${cx - plate / 2}" y="${pad + code / 2 - plate / 2}" width="${plate}" height="${plate}" rx="8" fill="${style.bgColor}"/>`,
      `<image href="${esc(style.logo)}" x="${cx - box / 2}" y="${pad + code / 2 - box / 2}" width="${box}" height="${box}" preserveAspectRatio="xMidYMid meet"/>`,
    );
  }
  if (framed) {
    // Bold sans glyphs average ~0.6 em: shrink long lines to fit the frame.
    const label = style.frameText ?? "";
    const size = Math.max(12, Math.min(30, Math.floor((width - 32) / (label.length * 0.62))));
    parts.push(
      `<text x="${width / 2}" y="${code + pad * 2 + BAND / 2 - 4}" fill="${style.bgColor}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${esc(label)}</text>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}

export const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The SVG drawn onto a canvas `px` wide, as a PNG blob. */
export async function qrPng(svg: string, px = 1024): Promise<Blob> {
  const img = new Image();
  img.src = svgDataUrl(svg);
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = px;
  canvas.height = Math.round((px * img.naturalHeight) / img.naturalWidth);
  const g = canvas.getContext("2d");
  if (!g) throw new Error(i18n.t("This browser cannot draw images"));

  g.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG not made"))), "image/png"),
  );
}

function save(blob: Blob, name: string) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export const downloadSvg = (svg: string, name: string) =>
  save(new Blob([svg], { type: "image/svg+xml" }), `${name}.svg`);

export const downloadPng = async (svg: string, name: string) =>
  save(await qrPng(svg), `${name}.png`);

/** A file name from a label: "Counter sign" → "counter-sign-qr". */
export const fileNameOf = (label: string) =>
  `${
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "sms"
  }-qr`;
