import { describe, expect, it } from "vitest";
import { PAUSE_TEXT } from "../../../../domain/send-pause";
import { LEGAL_HOURS_TEXT } from "../../../../domain/send-windows";
import { ARTICLES, searchArticles } from "./articles";

describe("help articles", () => {
  it("answer 'why is my message still Sending' with the product's own words", () => {
    const [first] = searchArticles("still sending");
    expect(first?.title).toBe("Why is my message still Sending?");
    // The hours and the switch are named as the settings screen names them, so they cannot drift.
    for (const line of LEGAL_HOURS_TEXT) expect(first?.body).toContain(line);
    expect(first?.body).toContain(PAUSE_TEXT.label);
    for (const word of ["quiet hours", "pace", "waiting behind"])
      expect(first?.body.toLowerCase()).toContain(word);
  });

  it("lists the help articles by title", () => {
    const titles = ARTICLES.filter((a) => a.kind === "help").map((a) => a.title);
    expect(titles).toContain("Why is my message still Sending?");
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});
