import { describe, expect, it } from "vitest";
import { compareShortened, linksOf, shortenOffline, variablesOf } from "./ai";

describe("shortenOffline", () => {
  it("shortens with abbreviations, contractions and without filler words", () => {
    const out = shortenOffline("Thank you very much! We are really open tomorrow   and Friday.");
    expect(out).toBe("Thx much! We're open tmrw & Fri.");
  });

  it("never touches variables, tracked links or URLs", () => {
    const text =
      "Please visit [first name] at [Custom And Field] https://example.com/please/and?with=1 [[link tracking id=3]] with thanks";
    const out = shortenOffline(text);
    expect(out).toContain("[first name]");
    expect(out).toContain("[Custom And Field]");
    expect(out).toContain("https://example.com/please/and?with=1");
    expect(out).toContain("[[link tracking id=3]]");
    expect(out.startsWith("Pls visit")).toBe(true);
  });

  it("leaves a short plain text as it is", () => {
    expect(shortenOffline("Hi!")).toBe("Hi!");
  });
});

describe("compareShortened", () => {
  it("finds links changed and variables altered", () => {
    const original = "Hi [first name], see https://a.com";
    expect(compareShortened(original, "Hi [first name], see https://a.com")).toEqual({
      linksChanged: false,
      alteredVariables: [],
      missingVariables: [],
    });
    const bad = compareShortened(original, "Hi [firstname], see https://b.com");
    expect(bad.linksChanged).toBe(true);
    expect(bad.alteredVariables).toEqual(["[firstname]"]);
    expect(bad.missingVariables).toEqual(["[first name]"]);
  });

  it("tells variables from link tokens", () => {
    expect(variablesOf("[a] [[link tracking id=1]] [b]")).toEqual(["[a]", "[b]"]);
    expect(linksOf("x [[link tracking id=1]] www.a.com")).toEqual([
      "www.a.com",
      "[[link tracking id=1]]",
    ]);
  });
});
