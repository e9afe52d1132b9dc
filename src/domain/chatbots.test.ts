import { describe, expect, it } from "vitest";
import {
  type ChatbotTree,
  chatbotTurn,
  isTrigger,
  matchChoice,
  questionText,
  treeProblems,
} from "./chatbots";

const tree: ChatbotTree = {
  start: "menu",
  nodes: [
    { id: "hi", type: "message", text: "Welcome!", next: "menu" },
    {
      id: "menu",
      type: "question",
      text: "Pick one",
      choices: [
        { label: "Sales", next: "name" },
        { label: "Support", next: "bye" },
      ],
      noMatch: "Say 1 or 2.",
    },
    { id: "name", type: "collect", text: "Your name?", saveTo: "field", fieldId: 7, next: "hand" },
    { id: "hand", type: "handoff", text: "A person will answer.", userId: 3 },
    { id: "bye", type: "end", text: "" },
  ],
};

describe("chatbot turns", () => {
  it("starts at the first step and waits at a question with its numbered choices", () => {
    expect(chatbotTurn(tree, null, "hello")).toEqual({
      replies: ["Pick one\n1. Sales\n2. Support"],
      actions: [],
      nodeId: "menu",
      status: "open",
    });
    expect(chatbotTurn({ ...tree, start: "hi" }, null, "x").replies).toEqual([
      "Welcome!",
      "Pick one\n1. Sales\n2. Support",
    ]);
  });

  it("takes a choice by number or by its words, and asks again after the no-match text", () => {
    expect(chatbotTurn(tree, "menu", "1.").nodeId).toBe("name");
    expect(chatbotTurn(tree, "menu", " support ").status).toBe("ended");
    expect(chatbotTurn(tree, "menu", "3")).toEqual({
      replies: ["Say 1 or 2.\nPick one\n1. Sales\n2. Support"],
      actions: [],
      nodeId: "menu",
      status: "open",
    });
  });

  it("keeps an answer in its field, then hands off with the reply", () => {
    expect(chatbotTurn(tree, "name", "  Ada  ")).toEqual({
      replies: ["A person will answer."],
      actions: [
        { kind: "set_field", fieldId: 7, value: "Ada" },
        { kind: "handoff", userId: 3 },
      ],
      nodeId: null,
      status: "handed_off",
    });
  });

  it("keeps an answer as the first or last name, at most 100 characters", () => {
    const named: ChatbotTree = {
      start: "first",
      nodes: [
        {
          id: "first",
          type: "collect",
          text: "First?",
          saveTo: "first_name",
          fieldId: null,
          next: "last",
        },
        {
          id: "last",
          type: "collect",
          text: "Last?",
          saveTo: "last_name",
          fieldId: null,
          next: null,
        },
      ],
    };
    expect(treeProblems(named)).toEqual([]);
    expect(chatbotTurn(named, "first", " Grace ").actions).toEqual([
      { kind: "set_name", part: "first_name", value: "Grace" },
    ]);
    expect(chatbotTurn(named, "last", "x".repeat(300)).actions).toEqual([
      { kind: "set_name", part: "last_name", value: "x".repeat(100) },
    ]);
    const unchosen = {
      ...named,
      nodes: [{ ...named.nodes[0]!, saveTo: "field", fieldId: null }, named.nodes[1]!],
    } as ChatbotTree;
    expect(treeProblems(unchosen)).toEqual(['Step "first": choose where the answer is kept']);
  });

  it("starts afresh when the step it waited at was removed", () => {
    expect(chatbotTurn(tree, "gone", "hi").nodeId).toBe("menu");
  });
});

describe("chatbot trees", () => {
  it("names a missing step, a duplicate id and a loop without a question", () => {
    expect(treeProblems(tree)).toEqual([]);
    expect(
      treeProblems({
        start: "a",
        nodes: [
          { id: "a", type: "message", text: "x", next: "b" },
          { id: "b", type: "message", text: "y", next: "a" },
          { id: "c", type: "end", text: "" },
          { id: "c", type: "message", text: "z", next: "nowhere" },
        ],
      }),
    ).toEqual([
      'Two steps share the id "c"',
      'Step "c" leads to a missing step',
      'Step "a" is in a loop with no question: it would never stop',
    ]);
    // A loop through a question is a menu, not a runaway.
    expect(
      treeProblems({
        start: "q",
        nodes: [
          {
            id: "q",
            type: "question",
            text: "?",
            choices: [{ label: "Again", next: "m" }],
            noMatch: "",
          },
          { id: "m", type: "message", text: "ok", next: "q" },
        ],
      }),
    ).toEqual([]);
  });

  it("reads trigger words and choices as people type them", () => {
    expect(isTrigger(["Book"], "book a table")).toBe(true);
    expect(isTrigger(["Book"], "booking")).toBe(false);
    const q = tree.nodes[1] as Extract<ChatbotTree["nodes"][number], { type: "question" }>;
    expect(matchChoice(q, "2)")).toBe(1);
    expect(matchChoice(q, "0")).toBeNull();
    expect(questionText(q)).toBe("Pick one\n1. Sales\n2. Support");
  });
});
