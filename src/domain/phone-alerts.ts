import { z } from "zod";
import { isQuietTime } from "./quiet-hours";

/** Phone alerts add-on: the owner's phone gets a text when a subscriber replies. */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time such as 21:00");

export const phoneAlertSettings = z.object({
  enabled: z.boolean(),
  phone: z.string().nullable(),
  quietStart: hhmm.nullable(),
  quietEnd: hhmm.nullable(),
});
export type PhoneAlertSettings = z.infer<typeof phoneAlertSettings>;

export const phoneAlertRequest = z
  .object({
    enabled: z.boolean(),
    phone: z.string().trim().max(30).default(""),
    quietStart: hhmm.nullable().default(null),
    quietEnd: hhmm.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Enter the phone to alert" });
    if ((v.quietStart === null) !== (v.quietEnd === null))
      ctx.addIssue({
        code: "custom",
        path: ["quietEnd"],
        message: "Give both the start and the end of quiet hours",
      });
    if (v.quietStart !== null && v.quietStart === v.quietEnd)
      ctx.addIssue({ code: "custom", path: ["quietEnd"], message: "Quiet hours need a length" });
  });

/** Whether `localTime` (HH:MM in the account's zone) is inside the alert quiet hours (may wrap midnight). */
export function alertQuiet(
  s: Pick<PhoneAlertSettings, "quietStart" | "quietEnd">,
  localTime: string,
): boolean {
  if (!s.quietStart || !s.quietEnd) return false;
  return isQuietTime([[s.quietStart, s.quietEnd]], localTime);
}

/** The alert's text: who replied and the start of what they said. */
export function alertText(from: string, body: string): string {
  const shown = body.replace(/\s+/g, " ").trim();
  const cut = shown.length > 100 ? `${shown.slice(0, 97)}...` : shown;
  return `Parley: new reply from ${from}: "${cut}"`;
}
