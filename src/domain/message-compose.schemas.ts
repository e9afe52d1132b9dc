import { z } from "zod";
import { intId, signedIntId } from "./ids";
import { MESSAGE_FORM_TEXT, maxMessageLength, messageLength } from "./message-form.schemas";
import { toE164 } from "./phone";
import { normaliseText } from "./text-normalise";

/** Test send, uploads and the signature (spec doc 2 §3, §5, §7, §8). */

export const COMPOSE_TEXT = {
  phoneRequired: "Phone number is required",
  phoneInvalid: "Invalid phone number",
  testSent: "Test Message Sent",
  signatureUpdated: "Your signature has been updated",
  variablesFailed: "Error retrieving custom variables",
  contactCardMissing: "Your Contact Card has not been created yet",
  insufficientCredits: "Whoops, looks like you don’t have enough message credits.",
  internationalTitle: "Failed to send to international recipients",
  internationalText: "To send this message, you can add more international credits to your account",
  internationalPurchased: "Purchased $20 of international credits",
  unsubscribed: "You are not allowed to send messages to unsubscribed contacts.",
  noNumbers:
    "You are not able to send messages since there are no dedicated numbers assigned to your account.",
  wrongImageType: "Please upload an image in one of these formats: jpeg, jpg, gif, png, bmp.",
  wrongAttachmentType:
    "This file type cannot be attached. Please attach an image (jpeg, jpg, gif, png, bmp), a PDF, a vCard, an audio or a video file.",
  noFile: "Choose a file to upload.",
  imageUnreadable: "This image could not be read. Please choose another file.",
  fileTooLarge: "Files can be at most 5 MB.",
  imageTooLarge:
    "This image cannot be made small enough for an MMS (500 KB). Please choose a smaller one.",
} as const;

/** Formats an image upload may have (spec doc 2 §9). */
const IMAGE_EXTENSIONS = ["jpeg", "jpg", "gif", "png", "bmp"] as const;
/**
 * Other attachments an MMS may carry: the configured list is not in the spec; these are the media
 * types US carriers deliver by MMS (a PDF, a contact card, short audio and video).
 */
export const OTHER_ATTACHMENT_EXTENSIONS = [
  "pdf",
  "vcf",
  "mp3",
  "m4a",
  "wav",
  "mp4",
  "3gp",
] as const;
export const MMS_MAX_BYTES = 500 * 1024;
/** What an upload may weigh before images are shrunk (they are re-encoded to fit MMS_MAX_BYTES). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export function fileExtension(name: string): string {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  return m ? m[1]!.toLowerCase() : "";
}
export function isImageName(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export const uploadResponse = z.object({
  /** The name the person chose (shown in previews). */
  filename: z.string(),
  /** Public URL the carrier fetches the media from. */
  fileUrl: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/** The test-send phone: required, a valid US/Canada number. */
export const testPhone = z
  .string({ error: COMPOSE_TEXT.phoneRequired })
  .trim()
  .min(1, COMPOSE_TEXT.phoneRequired)
  .refine((v) => toE164(v) !== null, COMPOSE_TEXT.phoneInvalid);

export const testSendRequest = z
  .object({
    message: z.string().default(""),
    image: z.array(z.string().trim().min(1).max(2000)).max(10).default([]),
    header: z.boolean().default(false),
    footer: z.boolean().default(false),
    isMMS: z.boolean().default(false),
    longcodeId: intId().nullable().default(null),
    /** The template the text came from (negative: the pre-approved list), for the content rule. */
    templateId: signedIntId().nullable().default(null),
    /** One phone number. */
    subscribers: testPhone,
  })
  .superRefine((f, ctx) => {
    const text = normaliseText(f.message);
    if (!f.isMMS && text.trim() === "")
      ctx.addIssue({
        code: "custom",
        path: ["message"],
        message: MESSAGE_FORM_TEXT.messageRequired,
      });
    if (f.isMMS && text.trim() === "" && f.image.length === 0)
      ctx.addIssue({ code: "custom", path: ["image"], message: MESSAGE_FORM_TEXT.imageRequired });
    const max = maxMessageLength(f.isMMS);
    if (messageLength(text) > max)
      ctx.addIssue({ code: "custom", path: ["message"], message: MESSAGE_FORM_TEXT.tooLong(max) });
  })
  .transform((f) => ({
    ...f,
    message: normaliseText(f.message),
    image: f.isMMS ? f.image : [],
    subscribers: toE164(f.subscribers) as string,
  }));
export type TestSendRequest = z.input<typeof testSendRequest>;

export const testSendResponse = z.object({
  id: z.number(),
  status: z.string(),
  credits: z.number(),
  message: z.string(),
});

export const SIGNATURE_MAX = 100;
export const signatureResponse = z.object({
  signature: z.string(),
  isEnabled: z.boolean(),
  isAllowed: z.boolean(),
});
export type SignatureResponse = z.infer<typeof signatureResponse>;
export const signatureUpdate = z.object({
  signature: z
    .string()
    .trim()
    .max(SIGNATURE_MAX, `Signatures can be at most ${SIGNATURE_MAX} characters long.`)
    .transform(normaliseText),
  isEnabled: z.boolean(),
});
