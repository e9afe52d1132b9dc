import { z } from "zod";
import { intId } from "./ids";

/**
 * Chatbots: a question tree on one business number. A person's text starts a session at the
 * start node; each node the session enters may answer (3 credits a reply, doc 1 §1), and the
 * session waits at a question (for a choice) or a collect node (for an answer kept in a custom
 * field or the subscriber's first or last name), or finishes at a hand-off (a person takes over the conversation) or an end.
 */
export const CHATBOT_REPLY_CREDITS = 3;
/** A session silent this long is over: the next text starts afresh (if it may start one). */
export const SESSION_IDLE_HOURS = 24;
/** After a session finished, a text without a trigger word does not start another for this long. */
export const RESTART_AFTER_HOURS = 24;
export const MAX_NODES = 40;
export const MAX_CHOICES = 9;

export const CHATBOT_TEXT = {
  notFound: "Chatbot not found",
  numberTaken: "This number already has a chatbot",
  chooseNumber: "Choose a number of this account",
  chooseField: "Choose a custom field of this account",
  chooseUser: "Choose a user of this account",
  disabled: "Chatbots are turned off for everyone by the platform's administrator.",
} as const;

export const NODE_KINDS = ["question", "collect", "message", "handoff", "end"] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Where a collected answer is kept: a custom field, or the subscriber's own name. */
export const SAVE_TO = ["field", "first_name", "last_name"] as const;
export type SaveTo = (typeof SAVE_TO)[number];
export const SAVE_TO_LABELS: Record<Exclude<SaveTo, "field">, string> = {
  first_name: "First Name",
  last_name: "Last Name",
};
/** Names are at most 100 characters (the subscriber's rule); a custom field keeps 255. */
const NAME_MAX = 100;

export const NODE_LABELS: Record<NodeKind, string> = {
  question: "Question with choices",
  collect: "Collect an answer",
  message: "Message",
  handoff: "Hand off to a person",
  end: "End",
};

const nodeId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "Node ids are letters, digits, - and _");
const next = nodeId.nullable();
const say = z.string().trim().max(640, "A reply is at most 640 characters");
const required = (what: string) =>
  z.string().trim().min(1, `${what} is required`).max(640, "A reply is at most 640 characters");

export const chatbotNode = z.discriminatedUnion("type", [
  z.object({
    id: nodeId,
    type: z.literal("question"),
    text: required("The question"),
    choices: z
      .array(
        z.object({
          label: z.string().trim().min(1, "Each choice needs a label").max(60),
          next,
        }),
      )
      .min(1, "A question needs at least one choice")
      .max(MAX_CHOICES, `At most ${MAX_CHOICES} choices`),
    /** Said when the answer matches no choice (the choices follow it again). */
    noMatch: say.default(""),
  }),
  z.object({
    id: nodeId,
    type: z.literal("collect"),
    text: required("The question"),
    saveTo: z.enum(SAVE_TO, { error: "Choose where the answer is kept" }).default("field"),
    /** The custom field, when the answer is kept in one (null otherwise). */
    fieldId: intId("Choose a custom field").nullable().default(null),
    next,
  }),
  z.object({ id: nodeId, type: z.literal("message"), text: required("The message"), next }),
  z.object({
    id: nodeId,
    type: z.literal("handoff"),
    text: say.default(""),
    /** Who gets the conversation; null: it stays as it is and every user is told. */
    userId: intId("Choose a user").nullable().default(null),
  }),
  z.object({ id: nodeId, type: z.literal("end"), text: say.default("") }),
]);
export type ChatbotNode = z.infer<typeof chatbotNode>;

export const chatbotTree = z.object({
  start: nodeId,
  nodes: z.array(chatbotNode).min(1, "Add at least one step").max(MAX_NODES),
});
export type ChatbotTree = z.infer<typeof chatbotTree>;

export const chatbotInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  phoneNumberId: intId("Choose a number"),
  enabled: z.boolean().default(false),
  /** Words that start (or restart) the bot; none: any text from someone not talking to it. */
  triggerWords: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  tree: chatbotTree,
});
export type ChatbotInput = z.infer<typeof chatbotInput>;

export const chatbotEnabledRequest = z.object({ enabled: z.boolean() });

export const chatbotSummary = z.object({
  id: z.number(),
  name: z.string(),
  phoneNumberId: z.number(),
  number: z.string(),
  numberName: z.string(),
  /** The spec's name for the number's id (doc 2: chatbots are tied to numbers by longcodeId). */
  longcodeId: z.number(),
  enabled: z.boolean(),
  triggerWords: z.array(z.string()),
  steps: z.number(),
  open: z.number(),
  handedOff: z.number(),
  finished: z.number(),
  replies: z.number(),
  updatedAt: z.string(),
});
export type ChatbotSummary = z.infer<typeof chatbotSummary>;

export const chatbotDetail = chatbotSummary.extend({ tree: chatbotTree });
export type ChatbotDetail = z.infer<typeof chatbotDetail>;

export const listChatbotsResponse = z.object({
  rows: z.array(chatbotSummary),
  /** The global flag: when true no chatbot answers. */
  disabled: z.boolean(),
});

/** Problems that keep a tree from running, each a sentence naming the step. */
export function treeProblems(tree: ChatbotTree): string[] {
  const problems: string[] = [];
  const byId = new Map<string, ChatbotNode>();
  for (const n of tree.nodes) {
    if (byId.has(n.id)) problems.push(`Two steps share the id "${n.id}"`);
    byId.set(n.id, n);
  }
  if (!byId.has(tree.start)) problems.push("Choose the first step");
  const label = (n: ChatbotNode) => `"${n.id}"`;
  for (const n of tree.nodes)
    if (n.type === "collect" && n.saveTo === "field" && n.fieldId === null)
      problems.push(`Step ${label(n)}: choose where the answer is kept`);
  for (const n of tree.nodes)
    for (const target of nextsOf(n))
      if (target !== null && !byId.has(target))
        problems.push(`Step ${label(n)} leads to a missing step`);
  // A loop made only of messages would answer forever: every loop passes a question or collect.
  const waits = (n: ChatbotNode) => n.type === "question" || n.type === "collect";
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    const n = byId.get(id);
    if (!n || waits(n)) return false;
    if (state.get(id) === 1) return true;
    if (state.get(id) === 2) return false;
    state.set(id, 1);
    const looped = nextsOf(n).some((t) => t !== null && visit(t));
    state.set(id, 2);
    return looped;
  };
  for (const n of tree.nodes)
    if (!waits(n) && visit(n.id)) {
      problems.push(`Step ${label(n)} is in a loop with no question: it would never stop`);
      break;
    }
  return problems;
}

function nextsOf(n: ChatbotNode): (string | null)[] {
  if (n.type === "question") return n.choices.map((c) => c.next);
  if (n.type === "collect" || n.type === "message") return [n.next];
  return [];
}

/** The text of a question: its words, then the numbered choices. */
export function questionText(n: Extract<ChatbotNode, { type: "question" }>): string {
  return [n.text, ...n.choices.map((c, i) => `${i + 1}. ${c.label}`)].join("\n");
}

/** The choice an answer means: its number ("2", "2."), or its label, case and spaces aside. */
export function matchChoice(
  n: Extract<ChatbotNode, { type: "question" }>,
  answer: string,
): number | null {
  const a = answer
    .trim()
    .toLowerCase()
    .replace(/[.)!]+$/, "");
  const num = Number(a);
  if (/^\d+$/.test(a) && num >= 1 && num <= n.choices.length) return num - 1;
  const i = n.choices.findIndex((c) => c.label.trim().toLowerCase() === a);
  return i >= 0 ? i : null;
}

/** Whether a text is one of the trigger words (its first word, any case). */
export function isTrigger(words: readonly string[], text: string): boolean {
  const t = text.trim().toLowerCase();
  return words.some((w) => {
    const word = w.trim().toLowerCase();
    return t === word || t.startsWith(`${word} `);
  });
}

export type TurnAction =
  | { kind: "set_field"; fieldId: number; value: string }
  | { kind: "set_name"; part: "first_name" | "last_name"; value: string }
  | { kind: "handoff"; userId: number | null };

export interface Turn {
  /** What the bot says, in order (each one text, each charged). */
  replies: string[];
  actions: TurnAction[];
  /** The node the session now waits at, or null when it finished. */
  nodeId: string | null;
  status: "open" | "handed_off" | "ended";
}

/**
 * One turn: the session at `at` (null: a new session) receives `text`. Pure: the service applies
 * the replies and actions in one transaction with the session's move.
 */
export function chatbotTurn(tree: ChatbotTree, at: string | null, text: string): Turn {
  const byId = new Map(tree.nodes.map((n) => [n.id, n]));
  const turn: Turn = { replies: [], actions: [], nodeId: null, status: "ended" };
  let go: string | null;
  const here = at === null ? undefined : byId.get(at);
  if (!here) go = tree.start;
  else if (here.type === "question") {
    const i = matchChoice(here, text);
    if (i === null) {
      turn.replies.push(
        here.noMatch ? `${here.noMatch}\n${questionText(here)}` : questionText(here),
      );
      return { ...turn, nodeId: here.id, status: "open" };
    }
    go = here.choices[i]!.next;
  } else if (here.type === "collect") {
    const value = text.trim();
    if (here.saveTo !== "field")
      turn.actions.push({ kind: "set_name", part: here.saveTo, value: value.slice(0, NAME_MAX) });
    else if (here.fieldId !== null)
      turn.actions.push({ kind: "set_field", fieldId: here.fieldId, value: value.slice(0, 255) });
    go = here.next;
  } else go = tree.start;
  // Enter nodes until one waits or the session finishes (the tree's rule forbids loops without a
  // question; the bound is a second guard).
  for (let i = 0; go !== null && i < MAX_NODES; i++) {
    const n = byId.get(go);
    if (!n) break;
    switch (n.type) {
      case "question":
        turn.replies.push(questionText(n));
        return { ...turn, nodeId: n.id, status: "open" };
      case "collect":
        turn.replies.push(n.text);
        return { ...turn, nodeId: n.id, status: "open" };
      case "message":
        turn.replies.push(n.text);
        go = n.next;
        break;
      case "handoff":
        if (n.text) turn.replies.push(n.text);
        turn.actions.push({ kind: "handoff", userId: n.userId });
        return { ...turn, nodeId: null, status: "handed_off" };
      case "end":
        if (n.text) turn.replies.push(n.text);
        return { ...turn, nodeId: null, status: "ended" };
    }
  }
  return turn;
}
