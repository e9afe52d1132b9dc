import { describe, expect, it } from "vitest";
import {
  CONTENT_RULE_TEXT,
  type ContentFacts,
  checkContent,
  hasLink,
  linksAllowedFrom,
  NO_URL_ALLOWED_REASON,
} from "./content-rules";
import { STARTER_TEMPLATES, TEMPLATE_TEXTS } from "./templates";

const intro = STARTER_TEMPLATES[0]!.message;
const local = { tollFree: false, verified: false };
const base: ContentFacts = {
  number: local,
  tenDlcRegistered: true,
  templatesOnly: false,
  text: "Doors open at 9",
  template: null,
};

describe("checkContent", () => {
  it("lets a plain text go from a registered local number", () => {
    expect(checkContent(base)).toEqual({ ok: true });
  });

  it("refuses a tracked link from an unregistered local number with the 'Unable To Send' reason", () => {
    const v = checkContent({
      ...base,
      tenDlcRegistered: false,
      text: "Menu: [[link tracking id=4]]",
    });
    expect(v).toEqual({
      ok: false,
      reason: NO_URL_ALLOWED_REASON,
      message: CONTENT_RULE_TEXT.noUrlAllowed,
      field: "message",
    });
  });

  it("refuses a written web address from an unregistered local number too", () => {
    const v = checkContent({ ...base, tenDlcRegistered: false, text: "See https://a.example/x" });
    expect(v.ok === false && v.reason).toBe(NO_URL_ALLOWED_REASON);
    expect(checkContent({ ...base, tenDlcRegistered: false, text: "no link" }).ok).toBe(true);
  });

  it("lets a link go once the 10DLC brand and campaign are approved", () => {
    expect(checkContent({ ...base, text: "Menu: [[link tracking id=4]]" }).ok).toBe(true);
  });

  it("allows one tracked link per message, not two", () => {
    const v = checkContent({
      ...base,
      text: "[[link tracking id=4]] and [[link tracking id=5]]",
    });
    expect(v.ok === false && v.message).toBe(CONTENT_RULE_TEXT.oneLink);
  });

  it("sends only the pre-approved templates, unchanged, from an unverified toll-free number", () => {
    const tf = { tollFree: true, verified: false };
    const approved = { message: intro, preApproved: true };
    expect(checkContent({ ...base, number: tf, text: intro, template: approved }).ok).toBe(true);
    // Spacing as the editor may leave it does not count as a change.
    expect(
      checkContent({
        ...base,
        number: tf,
        text: ` ${intro.replace(" ", "  ")}\n`,
        template: approved,
      }).ok,
    ).toBe(true);
    const free = checkContent({ ...base, number: tf, text: "Anything else" });
    expect(free.ok === false && free.reason).toBe("unverified_toll_free");
    const edited = checkContent({ ...base, number: tf, text: `${intro}!`, template: approved });
    expect(edited.ok === false && edited.message).toBe(CONTENT_RULE_TEXT.unverifiedTollFree);
    // The account's own template is not one of the pre-approved list.
    const own = checkContent({
      ...base,
      number: tf,
      text: "Ours",
      template: { message: "Ours", preApproved: false },
    });
    expect(own.ok).toBe(false);
  });

  it("lets a verified toll-free number send free text and links", () => {
    const tf = { tollFree: true, verified: true };
    expect(
      checkContent({ ...base, number: tf, tenDlcRegistered: false, text: "https://a.example" }).ok,
    ).toBe(true);
  });

  it("'Templates only' refuses free text and an edited template, and lets a template go", () => {
    const on = { ...base, templatesOnly: true };
    const t = { message: "Our hours: 9 to 5", preApproved: false };
    expect(checkContent({ ...on, text: "Free text" })).toMatchObject({
      ok: false,
      reason: "templates_only",
      message: CONTENT_RULE_TEXT.templatesOnly,
    });
    expect(checkContent({ ...on, text: "Our hours: 9 to 6", template: t }).ok).toBe(false);
    expect(checkContent({ ...on, text: "Our hours: 9 to 5", template: t }).ok).toBe(true);
  });
});

describe("a template with 'Require a link'", () => {
  it("goes only with a tracked link in the text; a template without the box goes as it is", () => {
    const t = { message: "Our menu: ", preApproved: false, requiresLink: true };
    expect(checkContent({ ...base, text: "Our menu: ", template: t })).toMatchObject({
      ok: false,
      reason: "link_required",
      message: TEMPLATE_TEXTS.requiresLink,
    });
    expect(
      checkContent({ ...base, text: "Our menu: [[link tracking id=4]]", template: t }).ok,
    ).toBe(true);
    const plain = { ...t, requiresLink: false };
    expect(checkContent({ ...base, text: "Our menu: ", template: plain }).ok).toBe(true);
  });
});

describe("hasLink", () => {
  it("sees tracked links and written addresses", () => {
    expect(hasLink("[[link tracking id=1]]")).toBe(true);
    expect(hasLink("go to www.example.com")).toBe(true);
    expect(hasLink("HTTP://EXAMPLE.COM")).toBe(true);
    expect(hasLink("Reply STOP to opt out.")).toBe(false);
  });
});

describe("linksAllowedFrom", () => {
  it("greys the link out exactly where checkContent refuses a link", () => {
    for (const tollFree of [false, true])
      for (const registered of [false, true]) {
        const allowed = linksAllowedFrom({ tollFree }, registered);
        const verdict = checkContent({
          ...base,
          number: { tollFree, verified: true },
          tenDlcRegistered: registered,
          text: "Menu: [[link tracking id=4]]",
        });
        expect(allowed).toBe(verdict.ok);
      }
    expect(linksAllowedFrom({ tollFree: false }, false)).toBe(false);
  });
});
