import { describe, expect, it } from "vitest";
import {
  fillForContact,
  isSnoozed,
  mentionedUsernames,
  mentionQuery,
  replaceTrailing,
  slashQuery,
} from "./inbox-tools";

describe("mentions", () => {
  it("finds @names at a word's start, without the sentence's punctuation", () => {
    expect(mentionedUsernames("@Ana can you look? cc @bob_2.")).toEqual(["ana", "bob_2"]);
    expect(mentionedUsernames("mail me at ana@example.com")).toEqual([]);
    expect(mentionedUsernames("(@cy)")).toEqual(["cy"]);
  });
  it("tells the @word being typed", () => {
    expect(mentionQuery("hello @an")).toBe("an");
    expect(mentionQuery("hello @")).toBe("");
    expect(mentionQuery("hello @ana ")).toBeNull();
  });
});

describe("canned replies", () => {
  it("tells the /word being typed and replaces it", () => {
    expect(slashQuery("/hours")).toBe("hours");
    expect(slashQuery("Hi /ho")).toBe("ho");
    expect(slashQuery("see https://x.test/a")).toBeNull();
    expect(replaceTrailing("Hi /ho", "/", "We open at 8.")).toBe("Hi We open at 8.");
    expect(replaceTrailing("ping @an", "@", "@ana ")).toBe("ping @ana ");
  });
});

describe("snooze", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  it("holds until its time or the next reply", () => {
    expect(isSnoozed({ snoozedUntil: "2026-11-28T13:00:00Z", snoozedUntilReply: false }, now)).toBe(
      true,
    );
    expect(isSnoozed({ snoozedUntil: "2026-11-28T11:00:00Z", snoozedUntilReply: false }, now)).toBe(
      false,
    );
    expect(isSnoozed({ snoozedUntil: null, snoozedUntilReply: true }, now)).toBe(true);
  });
});

describe("fillForContact", () => {
  const ada = { firstName: "Ada", lastName: "Lovelace", phone: "+12125550100" };

  it("puts the contact's values into a template, so the reply reads as they will get it", () => {
    expect(fillForContact("Hi [first name]! Visit [business name].", ada)).toBe(
      "Hi Ada! Visit [business name].",
    );
    expect(fillForContact("[First Name] [last name], [phone number]", ada)).toBe(
      "Ada Lovelace, (212) 555-0100",
    );
  });

  it("leaves a variable the contact has no value for, for the writer to fill", () => {
    expect(fillForContact("Hi [first name]!", { ...ada, firstName: "" })).toBe("Hi [first name]!");
  });
});
