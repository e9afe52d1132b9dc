import { fileExtension, isImageName } from "../../../../domain/message-compose.schemas";
import { type MessageFormInput, NO_DAYS } from "../../../../domain/message-form.schemas";
import { isQuietTime, type QuietWindow } from "../../../../domain/quiet-hours";
import { instantToWallTime, wallTimeToInstant } from "../../../../domain/repeat";
import type { EditorAttachment } from "../../../components/message-editor/message-editor";
import { i18n } from "../../../i18n";

/** The form's values: what the schema accepts, with every field present. */
export type FormValues = Required<
  Omit<MessageFormInput, "customRepeatFrequency" | "customEndMessageOccurrences">
> & {
  customRepeatFrequency: string;
  customEndMessageOccurrences: string;
};

export function initialValues(timezone: string, sendAllHidden: boolean): FormValues {
  return {
    isScheduled: false,
    date: "",
    time: "",
    timezone,
    repeatFrequency: "never",
    repeatDays: { ...NO_DAYS },
    repeatType: "day",
    customRepeatFrequencyType: "weeks",
    customRepeatFrequency: "1",
    customRepeatDays: { ...NO_DAYS },
    customEndMessageType: "never",
    customEndMessageDate: "",
    customEndMessageOccurrences: "",
    isSubscribers: sendAllHidden ? "true" : "all",
    subscriberIds: [],
    groupIds: [],
    isSMS: true,
    header: false,
    message: "",
    footer: false,
    image: [],
    longcodeId: null,
    templateId: null,
    linkId: null,
    sendAnyway: false,
  };
}

/** A saved send's form (edit mode) back into the form's values. */
export function valuesFromSaved(saved: Record<string, unknown>, base: FormValues): FormValues {
  const out = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    if (saved[key] === undefined || saved[key] === null) continue;
    out[key] = saved[key];
  }
  out.customRepeatFrequency =
    saved.customRepeatFrequency == null ? "1" : String(saved.customRepeatFrequency);
  out.customEndMessageOccurrences =
    saved.customEndMessageOccurrences == null ? "" : String(saved.customEndMessageOccurrences);
  out.sendAnyway = false;
  return out as FormValues;
}

export function attachmentFromUrl(url: string, name?: string): EditorAttachment {
  const label = name ?? decodeURIComponent(url.split("/").pop()?.split("?")[0] ?? "attachment");
  const ext = fileExtension(label);
  if (ext === "vcf" || /\/contact-card\b|\.vcf(\?|$)/i.test(url))
    return { url, name: name ?? i18n.t("Contact Card"), kind: "vcard" };
  return { url, name: label, kind: isImageName(label) ? "image" : "file" };
}

/** Whether the send time (now, or the chosen date and time in its zone) is in quiet hours. */
export function inQuietHours(
  windows: readonly QuietWindow[],
  values: Pick<FormValues, "isScheduled" | "date" | "time" | "timezone">,
  accountZone: string,
  now = new Date(),
): boolean {
  if (windows.length === 0) return false;
  let at = now;
  if (values.isScheduled) {
    if (!values.date || !values.time || !values.timezone) return false;
    try {
      at = wallTimeToInstant({ date: values.date, time: values.time }, values.timezone);
    } catch {
      return false;
    }
  }
  return isQuietTime(windows, instantToWallTime(at, accountZone).time);
}
