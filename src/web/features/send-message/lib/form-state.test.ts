import { describe, expect, it } from "vitest";
import { attachmentFromUrl, initialValues, inQuietHours, valuesFromSaved } from "./form-state";

describe("send form state", () => {
  it("starts with send-to-all unless the user setting hides it", () => {
    expect(initialValues("America/Chicago", false).isSubscribers).toBe("all");
    expect(initialValues("America/Chicago", true).isSubscribers).toBe("true");
  });

  it("reads a saved send back, numbers as the inputs' strings", () => {
    const base = initialValues("UTC", false);
    const v = valuesFromSaved(
      {
        message: "Hi",
        customRepeatFrequency: 3,
        customEndMessageOccurrences: 9,
        sendAnyway: true,
        isSMS: false,
      },
      base,
    );
    expect(v).toMatchObject({
      message: "Hi",
      customRepeatFrequency: "3",
      customEndMessageOccurrences: "9",
      sendAnyway: false,
      isSMS: false,
    });
  });

  it("knows images, files and the contact card", () => {
    expect(attachmentFromUrl("http://x/media/1/ab.jpg").kind).toBe("image");
    expect(attachmentFromUrl("http://x/media/1/ab.pdf").kind).toBe("file");
    expect(attachmentFromUrl("http://x/contact-card/5.vcf").kind).toBe("vcard");
  });

  it("checks quiet hours at the chosen time, read in the account's zone", () => {
    const windows: [string, string][] = [["21:00", "08:00"]];
    const scheduled = {
      isScheduled: true,
      date: "2030-06-03",
      time: "22:30",
      timezone: "America/Chicago",
    };
    expect(inQuietHours(windows, scheduled, "America/Chicago")).toBe(true);
    // 22:30 in Chicago is 20:30 in Los Angeles: outside the account's window there.
    expect(inQuietHours(windows, scheduled, "America/Los_Angeles")).toBe(false);
    expect(inQuietHours([], scheduled, "America/Chicago")).toBe(false);
    const now = new Date("2030-06-03T04:00:00Z"); // 23:00 in Chicago
    expect(
      inQuietHours(
        windows,
        { isScheduled: false, date: "", time: "", timezone: "" },
        "America/Chicago",
        now,
      ),
    ).toBe(true);
  });
});
