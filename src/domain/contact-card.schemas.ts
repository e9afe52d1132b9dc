import { z } from "zod";

export const CONTACT_CARD_TEXTS = {
  organizationRequired: "Organization Name is required",
  imageRequired: "Image is required",
  notCreated: "Your Contact Card has not been created yet",
  created: "Contact Card created",
  updated: "Contact Card updated",
  badImage: "That image could not be read. Please choose a JPEG, PNG, GIF or WebP image.",
  tooLarge: "Images up to 10 MB can be used for the contact card.",
  badWebsite: 'Enter a website starting with "http://" or "https://"',
} as const;

export const CONTACT_CARD_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const contactCardFields = z.object({
  organizationName: z
    .string({ error: CONTACT_CARD_TEXTS.organizationRequired })
    .trim()
    .min(1, CONTACT_CARD_TEXTS.organizationRequired)
    .max(100, "Organization Name is at most 100 characters"),
  description: z.string().trim().max(500, "Description is at most 500 characters").default(""),
  website: z
    .string()
    .trim()
    .max(300)
    .default("")
    .refine((v) => v === "" || /^https?:\/\/[^\s.]+\.\S+$/i.test(v), CONTACT_CARD_TEXTS.badWebsite),
});

export const contactCard = z.object({
  organizationName: z.string(),
  description: z.string(),
  website: z.string(),
  /** data: URL of the stored JPEG, for previews. */
  photo: z.string(),
  updatedAt: z.string(),
});
export type ContactCard = z.infer<typeof contactCard>;

export const contactCardResponse = z.object({
  card: contactCard.nullable(),
  /** The public vCard address the composer attaches as media; null until the card exists. */
  downloadUrl: z.string().nullable(),
});
export type ContactCardResponse = z.infer<typeof contactCardResponse>;

/** vCard 3.0 text escaping (RFC 2426 §4): backslash, comma, semicolon, newline. */
export function vcardEscape(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/,/g, "\\,")
    .replace(/;/g, "\\;")
    .replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets (continuation lines start with a space). */
export function vcardFold(line: string): string {
  if (line.length <= 75) return line;
  const parts = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) parts.push(` ${line.slice(i, i + 74)}`);
  return parts.join("\r\n");
}

export function buildVcard(card: {
  organizationName: string;
  description: string;
  website: string;
  photoBase64: string | null;
  phone: string | null;
}): string {
  const lines = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:${vcardEscape(card.organizationName)};;;;`,
    `FN:${vcardEscape(card.organizationName)}`,
    `ORG:${vcardEscape(card.organizationName)}`,
  ];
  if (card.phone) lines.push(`TEL;TYPE=CELL,VOICE:${card.phone}`);
  if (card.website) lines.push(`URL:${card.website}`);
  if (card.description) lines.push(`NOTE:${vcardEscape(card.description)}`);
  if (card.photoBase64) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${card.photoBase64}`);
  lines.push("END:VCARD");
  return `${lines.map(vcardFold).join("\r\n")}\r\n`;
}
