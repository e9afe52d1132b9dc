import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_MESSAGE,
  parseRegistrantsCsv,
  REMINDER_PREVIEW_SAMPLE,
  reminderDueAt,
  renderReminder,
  webinarEventBody,
} from "./webinars";

describe("webinar registrants CSV", () => {
  it("reads Zoom-style headers, normalises phones, reads consent, reports bad rows", () => {
    const out = parseRegistrantsCsv(
      "\uFEFFFirst Name,Last Name,Email,Phone,Join URL,SMS Consent\n" +
        "Ada,Lovelace,ada@x.test,(310) 555-0601,https://zoom.us/w/a,Yes\n" +
        "Bob,,bob@x.test,3105550602,javascript:alert(1),no\n" +
        "Cy,,,12,,yes\n",
    );
    expect(out.hasPhone).toBe(true);
    expect(out.rows).toEqual([
      expect.objectContaining({
        phone: "+13105550601",
        joinUrl: "https://zoom.us/w/a",
        consent: true,
      }),
      expect.objectContaining({ phone: "+13105550602", joinUrl: "", consent: false }),
    ]);
    expect(out.errors).toEqual(['Row 4: "12" is not a valid phone number']);
  });

  it("says when there is no phone column, and leaves consent unknown without a column", () => {
    expect(parseRegistrantsCsv("Name,Email\nA,a@x.test").hasPhone).toBe(false);
    expect(parseRegistrantsCsv("Mobile\n3105550603").rows[0]?.consent).toBeNull();
  });
});

describe("webinar reminders", () => {
  it("fills the placeholders and falls back to 'there' without a first name", () => {
    const text = renderReminder("Hi [first name], [title] starts [start time]. [join link]", {
      firstName: "",
      title: "Tour",
      startsAt: new Date("2026-12-01T19:00:00Z"),
      timeZone: "America/New_York",
      joinUrl: "https://zoom.us/j/1",
    });
    expect(text).toBe("Hi there, Tour starts Tue, Dec 1, 2:00 PM EST. https://zoom.us/j/1");
  });

  it("previews the default text of an untitled event as one sentence after the greeting", () => {
    const text = renderReminder(DEFAULT_REMINDER_MESSAGE, {
      ...REMINDER_PREVIEW_SAMPLE,
      startsAt: new Date("2026-12-01T19:00:00Z"),
      timeZone: "America/New_York",
    });
    expect(text).toMatch(/^Hi Ada, your webinar starts Tue, Dec 1, 2:00 PM EST\./);
  });

  it("is due at the start less its offset; offsets are deduplicated, latest first", () => {
    expect(reminderDueAt(new Date("2026-12-01T19:00:00Z"), 60).toISOString()).toBe(
      "2026-12-01T18:00:00.000Z",
    );
    const body = webinarEventBody.parse({
      title: "T",
      startsAt: "2026-12-01T19:00:00Z",
      reminderOffsets: [60, 1440, 60],
      reminderMessage: "m",
    });
    expect(body.reminderOffsets).toEqual([1440, 60]);
    expect(
      webinarEventBody.safeParse({ ...body, reminderOffsets: [2] }).error?.issues[0]?.message,
    ).toBe("A reminder must be between 5 minutes and 14 days before the start");
  });
});
