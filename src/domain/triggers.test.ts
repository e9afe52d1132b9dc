import { describe, expect, it } from "vitest";
import {
  claimLabel,
  claimTakes,
  findTriggerConflict,
  TRIGGER_PRECEDENCE,
  type TriggerClaim,
} from "./triggers";

const chatbot: TriggerClaim = {
  kind: "chatbot",
  label: claimLabel("chatbot", "Table booking"),
  ownerId: 1,
  phoneNumberId: 10,
  words: ["MENU"],
  match: { kind: "chatbot" },
};
const keyword = (word: string, phoneNumberId: number | null = null): TriggerClaim => ({
  kind: "keyword",
  label: claimLabel("keyword", word),
  ownerId: 2,
  phoneNumberId,
  words: [word],
  match: { kind: "keyword" },
});
const workflow = (words: string[]): TriggerClaim => ({
  kind: "workflow",
  label: claimLabel("workflow", "Specials menu"),
  ownerId: 3,
  phoneNumberId: null,
  words,
  match: { kind: "contains" },
});

describe("trigger precedence", () => {
  it("is compliance, marketing tools, keywords, chatbots, workflows, automated replies", () => {
    expect(TRIGGER_PRECEDENCE).toEqual([
      "compliance",
      "marketing",
      "keyword",
      "chatbot",
      "workflow",
      "auto_reply",
    ]);
  });
});

describe("claimTakes", () => {
  it("matches each kind as its handler does", () => {
    expect(claimTakes(keyword("MENU"), "menu")).toBe(true);
    expect(claimTakes(keyword("MENU"), "join menu")).toBe(true);
    expect(claimTakes(keyword("MENU"), "menu please")).toBe(false);
    expect(claimTakes(chatbot, "Menu please")).toBe(true);
    expect(claimTakes(chatbot, "the menu")).toBe(false);
    expect(claimTakes(workflow(["menu"]), "What is on the MENU?")).toBe(true);
    expect(claimTakes({ words: ["WIN"], match: { kind: "first_word" } }, "win a prize")).toBe(true);
    expect(
      claimTakes({ words: ["hours"], match: { kind: "auto_reply", match: "contains" } }, "HOURS"),
    ).toBe(true);
    expect(
      claimTakes({ words: ["hi"], match: { kind: "auto_reply", match: "contains" } }, "this"),
    ).toBe(false);
  });
});

describe("findTriggerConflict", () => {
  it("names the owner and the number of a word another kind answers", () => {
    expect(findTriggerConflict({ ...keyword("MENU", 10), ownerId: 0 }, [chatbot])?.message).toBe(
      "MENU is already answered by the chatbot 'Table booking' on this number",
    );
    expect(findTriggerConflict(keyword("MENU"), [chatbot], (id) => `number ${id}`)?.message).toBe(
      "MENU is already answered by the chatbot 'Table booking' on number 10",
    );
    expect(findTriggerConflict({ ...chatbot, ownerId: 9 }, [keyword("MENU")])?.message).toBe(
      "MENU is already answered by the keyword 'MENU' on every number",
    );
  });

  it("finds a workflow's word inside another's word, either way", () => {
    expect(findTriggerConflict(workflow(["menu"]), [chatbot])?.by).toBe(chatbot);
    expect(findTriggerConflict(keyword("LUNCHMENU"), [workflow(["menu"])])?.word).toBe("LUNCHMENU");
  });

  it("leaves other numbers, other words and the same kind alone", () => {
    expect(findTriggerConflict(keyword("MENU", 11), [chatbot])).toBeNull();
    expect(findTriggerConflict(keyword("COFFEE"), [chatbot, workflow(["specials"])])).toBeNull();
    expect(findTriggerConflict({ ...chatbot, ownerId: 5 }, [chatbot])).toBeNull();
  });

  it("refuses a compliance word on every number", () => {
    const c = findTriggerConflict({ ...chatbot, words: ["STOP"] }, []);
    expect(c?.by).toEqual({ kind: "compliance" });
    expect(c?.message).toBe(
      "STOP is already answered by the opt-out and help rules (STOP, HELP, START) on every number",
    );
  });
});
