import { z } from "zod";

/** /help/contact-us and /help/meet-with-an-engineer. */
export const HELP_TEXTS = {
  sent: "Thanks! Your message is on its way to our support team; we answer by e-mail.",
  subjectRequired: "Please add a subject",
  messageRequired: "Please write your message",
} as const;

export const contactRequest = z.object({
  subject: z
    .string(HELP_TEXTS.subjectRequired)
    .trim()
    .min(1, HELP_TEXTS.subjectRequired)
    .max(150, "Keep the subject under 150 characters"),
  message: z
    .string(HELP_TEXTS.messageRequired)
    .trim()
    .min(1, HELP_TEXTS.messageRequired)
    .max(5000, "Keep the message under 5,000 characters"),
});
export const contactResponse = z.object({ sent: z.boolean() });
export const bookingResponse = z.object({ url: z.string().nullable() });
