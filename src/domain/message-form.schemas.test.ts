import { describe, expect, it } from "vitest";
import {
  composeText,
  messageFormSchema,
  messageFraming,
  OPT_OUT_FOOTER,
  MESSAGE_FORM_TEXT as T,
} from "./message-form.schemas";

function errors(input: Record<string, unknown>): Record<string, string> {
  const parsed = messageFormSchema.safeParse({ message: "Hello", ...input });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

const scheduled = {
  isScheduled: true,
  date: "2030-05-01",
  time: "09:30",
  timezone: "America/Chicago",
};

describe("messageFormSchema", () => {
  it("accepts a plain SMS to everyone with defaults", () => {
    const form = messageFormSchema.parse({ message: "Hi [first name]" });
    expect(form).toMatchObject({
      isScheduled: false,
      isSubscribers: "all",
      isSMS: true,
      repeatFrequency: "never",
      image: [],
      longcodeId: null,
      sendAnyway: false,
    });
  });

  it("requires date and time when scheduled", () => {
    expect(errors({ isScheduled: true, timezone: "America/Chicago" })).toEqual({
      date: T.dateRequired,
      time: T.timeRequired,
    });
    expect(errors({ ...scheduled, date: "2030-02-30" })).toEqual({ date: T.dateRequired });
    expect(errors({ ...scheduled, time: "25:00" })).toEqual({ time: T.timeRequired });
    expect(errors({ ...scheduled, timezone: "Mars/Base" })).toEqual({
      timezone: T.timezoneRequired,
    });
    expect(errors(scheduled)).toEqual({});
  });

  it("needs a day for a weekly repeat", () => {
    expect(errors({ ...scheduled, repeatFrequency: "weekly" })).toEqual({
      repeatDays: T.dayRequired,
    });
    expect(
      errors({ ...scheduled, repeatFrequency: "weekly", repeatDays: { friday: true } }),
    ).toEqual({});
  });

  it("checks recipients", () => {
    expect(errors({ isSubscribers: "true" })).toEqual({ subscriberIds: T.subscribersRequired });
    expect(errors({ isSubscribers: "false" })).toEqual({ groupIds: T.groupsRequired });
    expect(errors({ isSubscribers: "false", groupIds: [-1] })).toEqual({});
    const form = messageFormSchema.parse({ message: "x", isSubscribers: "all", groupIds: [3] });
    expect(form.groupIds).toEqual([]);
  });

  it("needs a message for an SMS and a message or an image for an MMS", () => {
    expect(errors({ message: "  " })).toEqual({ message: T.messageRequired });
    expect(errors({ message: "", isSMS: false })).toEqual({ image: T.imageRequired });
    expect(errors({ message: "", isSMS: false, image: ["https://x.test/a.png"] })).toEqual({});
  });

  it("limits messages to 2000 characters for SMS and 1550 for MMS", () => {
    expect(errors({ message: "a".repeat(2000) })).toEqual({});
    expect(errors({ message: "a".repeat(2001) })).toEqual({
      message: "Messages cannot be longer than 2000 characters.",
    });
    expect(errors({ message: "a".repeat(1550), isSMS: false })).toEqual({});
    expect(errors({ message: "a".repeat(1551), isSMS: false })).toEqual({
      message: "Messages cannot be longer than 1550 characters.",
    });
    // An emoji is one character.
    expect(errors({ message: "😀".repeat(2000) })).toEqual({});
  });

  it("checks the custom repeat", () => {
    const custom = { ...scheduled, repeatFrequency: "custom", customRepeatFrequencyType: "months" };
    expect(errors(custom)).toEqual({ customRepeatFrequency: T.repeatFrequencyRequired });
    expect(errors({ ...custom, customRepeatFrequency: "" })).toEqual({
      customRepeatFrequency: T.repeatFrequencyRequired,
    });
    expect(errors({ ...custom, customRepeatFrequency: 0 })).toEqual({
      customRepeatFrequency: T.repeatFrequencyMin,
    });
    expect(errors({ ...custom, customRepeatFrequency: 13 })).toEqual({
      customRepeatFrequency: T.repeatFrequencyMax,
    });
    expect(errors({ ...custom, customRepeatFrequency: "12" })).toEqual({});
    expect(
      errors({ ...custom, customRepeatFrequency: 2, customRepeatFrequencyType: "weeks" }),
    ).toEqual({
      customRepeatDays: T.customDayRequired,
    });
  });

  it("checks how a custom repeat ends", () => {
    const custom = {
      ...scheduled,
      repeatFrequency: "custom",
      customRepeatFrequencyType: "years",
      customRepeatFrequency: 1,
    };
    expect(errors({ ...custom, customEndMessageType: "date" })).toEqual({
      customEndMessageDate: T.endDateRequired,
    });
    const occ = { ...custom, customEndMessageType: "occurrences" };
    expect(errors(occ)).toEqual({ customEndMessageOccurrences: T.occurrencesRequired });
    expect(errors({ ...occ, customEndMessageOccurrences: "abc" })).toEqual({
      customEndMessageOccurrences: T.occurrencesNumber,
    });
    expect(errors({ ...occ, customEndMessageOccurrences: 0 })).toEqual({
      customEndMessageOccurrences: T.occurrencesMin,
    });
    expect(errors({ ...occ, customEndMessageOccurrences: 10000 })).toEqual({
      customEndMessageOccurrences: "Repeat every cannot exceed 9999",
    });
    const ok = messageFormSchema.parse({
      message: "x",
      ...occ,
      customEndMessageOccurrences: "9999",
    });
    expect(ok.customEndMessageOccurrences).toBe(9999);
    expect(ok.customRepeatFrequency).toBe(1);
  });

  it("drops repeat and schedule fields that do not apply, normalises text and media", () => {
    const form = messageFormSchema.parse({
      message: "It’s “great”…",
      repeatFrequency: "weekly",
      date: "2030-01-01",
      image: ["https://x.test/a.png"],
    });
    expect(form).toMatchObject({
      message: 'It\'s "great"...',
      repeatFrequency: "never",
      date: "",
      image: [],
    });
  });
});

describe("composeText", () => {
  const ctx = { organisationName: "Joe's Pizza" };
  it("puts the header before and the signature and footer after", () => {
    expect(composeText({ header: false, footer: false, message: "Hi" }, ctx)).toBe("Hi");
    expect(composeText({ header: true, footer: false, message: "Hi" }, ctx)).toBe(
      "Joe's Pizza: Hi",
    );
    expect(composeText({ header: true, footer: true, message: "Hi" }, ctx)).toBe(
      "Joe's Pizza: Hi\nReply STOP to opt out",
    );
    expect(
      composeText({ header: false, footer: true, message: "Hi" }, { ...ctx, signature: " Ann " }),
    ).toBe(`Hi\nAnn${OPT_OUT_FOOTER}`);
  });
  it("frames nothing for an empty organisation name or signature", () => {
    expect(
      messageFraming({ header: true, footer: false }, { organisationName: "", signature: "" }),
    ).toEqual({
      before: "",
      after: "",
    });
  });
});
