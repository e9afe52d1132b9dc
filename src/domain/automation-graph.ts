import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { intId } from "./ids";

/**
 * An automation (drip, workflow, chatbot) is a graph of steps that the engine walks for each
 * person: it runs steps one after another until it reaches a wait, then sleeps in a timer row.
 * Pure data so the server, the builder and the tests read the same thing.
 */

export const STEP_ID = z
  .string()
  .trim()
  .min(1, "Step id is required")
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "Step id may hold letters, digits, - and _");

const next = STEP_ID.nullable().default(null);

export const waitSpec = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("delay"),
    amount: z.number().int().min(0).max(100_000),
    unit: z.enum(["minutes", "hours", "days"]),
    weekdaysOnly: z.boolean().default(false),
  }),
  /** The next time the clock shows HH:mm in the recipient's zone (after `days` whole days). */
  z.object({
    mode: z.literal("time_of_day"),
    days: z.number().int().min(0).max(3650).default(0),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:mm"),
    weekdaysOnly: z.boolean().default(false),
  }),
]);
export type WaitSpec = z.infer<typeof waitSpec>;

export const conditionSpec = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("in_group"), groupId: intId() }),
  z.object({
    kind: z.literal("field_equals"),
    fieldId: intId(),
    value: z.string().max(500),
  }),
  z.object({ kind: z.literal("replied") }),
  z.object({ kind: z.literal("clicked") }),
]);
export type ConditionSpec = z.infer<typeof conditionSpec>;

const base = { id: STEP_ID, label: z.string().max(120).optional() };

/**
 * A group, field or user id; 0 while a draft's step has none chosen yet (the builder adds steps
 * before their details). validateGraph stops a publish until one is chosen.
 */
export const UNCHOSEN = 0;
const choice = z.number().int().min(0).max(2_147_483_647);

export const automationStep = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("send"),
    body: z.string().trim().min(1, "A text step needs a message").max(1600),
    /** A picture sent with the text (MMS); absent for a plain SMS. */
    mediaUrl: z.url("Enter a valid URL").max(2000).optional(),
    next,
  }),
  z.object({ ...base, type: z.literal("wait"), wait: waitSpec, next }),
  z.object({
    ...base,
    type: z.literal("wait_reply"),
    timeoutMinutes: z.number().int().min(1).max(525_600),
    onReply: next,
    onTimeout: next,
  }),
  z.object({
    ...base,
    type: z.literal("condition"),
    condition: conditionSpec,
    yes: next,
    no: next,
  }),
  z.object({
    ...base,
    type: z.literal("split"),
    branches: z
      .array(z.object({ percent: z.number().int().min(1).max(100), next }))
      .min(2, "A split needs at least 2 branches")
      .max(6, "A split has at most 6 branches"),
  }),
  z.object({ ...base, type: z.literal("add_group"), groupId: choice, next }),
  z.object({ ...base, type: z.literal("remove_group"), groupId: choice, next }),
  z.object({
    ...base,
    type: z.literal("set_field"),
    fieldId: choice,
    value: z.string().max(500),
    next,
  }),
  z.object({ ...base, type: z.literal("assign"), userId: choice, next }),
  z.object({
    ...base,
    type: z.literal("notify_email"),
    email: z.union([z.email("Enter a valid e-mail"), z.literal("")]),
    subject: z.string().trim().min(1).max(200),
    next,
  }),
  z.object({
    ...base,
    type: z.literal("webhook"),
    url: z.union([z.url("Enter a valid URL").max(2000), z.literal("")]),
    next,
  }),
  z.object({ ...base, type: z.literal("end") }),
]);
export type AutomationStep = z.infer<typeof automationStep>;
export type StepType = AutomationStep["type"];

export const automationGraph = z.object({
  start: STEP_ID,
  steps: z.array(automationStep).min(1, "Add at least one step").max(200),
});
export type AutomationGraph = z.infer<typeof automationGraph>;

/** The steps a step may lead to (null: the path ends there). */
export function successors(step: AutomationStep): (string | null)[] {
  switch (step.type) {
    case "wait_reply":
      return [step.onReply, step.onTimeout];
    case "condition":
      return [step.yes, step.no];
    case "split":
      return step.branches.map((b) => b.next);
    case "end":
      return [];
    default:
      return [step.next];
  }
}

/** Each step type's name, as the builder titles a step that has no label of its own. */
export const STEP_LABELS: Record<StepType, string> = {
  send: "Send a text",
  wait: "Wait",
  wait_reply: "Wait for a reply",
  condition: "Condition",
  split: "A/B split",
  add_group: "Add to a group",
  remove_group: "Remove from a group",
  set_field: "Set a field",
  assign: "Assign the conversation",
  notify_email: "Notify by e-mail",
  webhook: "Call a webhook",
  end: "End",
};

/** A step as the builder shows it: its own label, else its type's name (never its internal id). */
export function stepTitle(s: Pick<AutomationStep, "type" | "label">): string {
  return s.label?.trim() || STEP_LABELS[s.type];
}

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const named = (s: AutomationStep) => `the step “${stepTitle(s)}”`;

const WAITS = new Set<StepType>(["wait", "wait_reply"]);

export interface GraphProblem {
  stepId: string | null;
  message: string;
}

/**
 * What stops a graph from being published: a start or a branch that leads nowhere, duplicate
 * ids, a split whose shares are not 100 %, a loop that would run without ever waiting (it would
 * text someone in a tight circle), steps nobody reaches.
 */
export function validateGraph(graph: AutomationGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const byId = new Map<string, AutomationStep>();
  for (const s of graph.steps) {
    if (byId.has(s.id)) problems.push({ stepId: s.id, message: `Step ${s.id} is there twice` });
    byId.set(s.id, s);
  }
  if (!byId.has(graph.start))
    problems.push({ stepId: null, message: `The trigger leads to a missing step ${graph.start}` });
  for (const s of graph.steps) {
    for (const to of successors(s)) {
      if (to !== null && !byId.has(to))
        problems.push({ stepId: s.id, message: `${cap(named(s))} leads to a missing step ${to}` });
    }
    if (s.type === "condition" || s.type === "wait_reply" || s.type === "split") {
      if (successors(s).some((to) => to === null))
        problems.push({
          stepId: s.id,
          message: `Every branch of ${named(s)} must lead somewhere`,
        });
    }
    const missing = missingChoice(s);
    if (missing) problems.push({ stepId: s.id, message: missing });
    if (s.type === "split") {
      const total = s.branches.reduce((n, b) => n + b.percent, 0);
      if (total !== 100)
        problems.push({
          stepId: s.id,
          message: `The branches of ${named(s)} add up to ${total}%, not 100%`,
        });
    }
  }
  // A cycle made only of steps that do not wait: depth-first search over the non-waiting steps.
  const state = new Map<string, 1 | 2>();
  const visit = (id: string, path: string[]): void => {
    const s = byId.get(id);
    if (!s || WAITS.has(s.type)) return;
    const seen = state.get(id);
    if (seen === 2) return;
    if (seen === 1) {
      const loop = path.slice(path.indexOf(id)).map((sid) => `“${stepTitle(byId.get(sid)!)}”`);
      problems.push({ stepId: id, message: `The steps ${loop.join(" → ")} loop without a wait` });
      return;
    }
    state.set(id, 1);
    for (const to of successors(s)) if (to !== null) visit(to, [...path, id]);
    state.set(id, 2);
  };
  for (const s of graph.steps) visit(s.id, []);

  const reached = new Set<string>();
  const stack = byId.has(graph.start) ? [graph.start] : [];
  while (stack.length) {
    const id = stack.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    const s = byId.get(id);
    if (s) for (const to of successors(s)) if (to !== null && byId.has(to)) stack.push(to);
  }
  for (const s of graph.steps)
    if (!reached.has(s.id))
      problems.push({ stepId: s.id, message: `Nothing leads to ${named(s)}` });
  return problems;
}

/** What a step still lacks before it can run (a draft may hold steps not filled in yet). */
function missingChoice(s: AutomationStep): string | null {
  if ((s.type === "add_group" || s.type === "remove_group") && s.groupId === UNCHOSEN)
    return `Choose a group for ${named(s)}`;
  if (s.type === "set_field" && s.fieldId === UNCHOSEN) return `Choose a field for ${named(s)}`;
  if (s.type === "assign" && s.userId === UNCHOSEN) return `Choose a user for ${named(s)}`;
  if (s.type === "notify_email" && s.email === "")
    return `Enter the e-mail address ${named(s)} notifies`;
  if (s.type === "webhook" && s.url === "") return `Enter the URL ${named(s)} calls`;
  return null;
}

const isWeekend = (d: TZDate) => d.getDay() === 0 || d.getDay() === 6;

function toNextWeekday(d: TZDate): TZDate {
  const out = new TZDate(d.getTime(), d.timeZone);
  while (isWeekend(out)) out.setDate(out.getDate() + 1);
  return out;
}

/**
 * When a wait that starts at `from` ends, in the recipient's zone. A delay adds its length; on
 * weekdays only, an end that falls on a Saturday or Sunday moves to Monday at the same time.
 * A time of day is the first HH:mm (after the whole days) that is still ahead.
 */
export function waitEnds(wait: WaitSpec, from: Date, timeZone: string): Date {
  const local = new TZDate(from.getTime(), timeZone);
  if (wait.mode === "delay") {
    const ms = { minutes: 60_000, hours: 3_600_000, days: 0 }[wait.unit] * wait.amount;
    let end = new TZDate(local.getTime() + ms, timeZone);
    if (wait.unit === "days") {
      end = new TZDate(local.getTime(), timeZone);
      end.setDate(end.getDate() + wait.amount);
    }
    return wait.weekdaysOnly ? new Date(toNextWeekday(end).getTime()) : new Date(end.getTime());
  }
  const [h, m] = wait.time.split(":").map(Number) as [number, number];
  const end = new TZDate(local.getTime(), timeZone);
  end.setDate(end.getDate() + wait.days);
  end.setHours(h, m, 0, 0);
  if (end.getTime() <= from.getTime()) end.setDate(end.getDate() + 1);
  const out = wait.weekdaysOnly ? toNextWeekday(end) : end;
  return new Date(out.getTime());
}

/** Which branch of a split a person takes: stable for a run, spread by the percentages. */
export function pickBranch(percents: readonly number[], seed: number): number {
  const roll = ((seed * 2654435761) >>> 0) % 100;
  let acc = 0;
  for (let i = 0; i < percents.length; i++) {
    acc += percents[i] as number;
    if (roll < acc) return i;
  }
  return percents.length - 1;
}

/** A drip is a line of (wait, text) pairs: the graph the engine runs for it. */
export interface DripStep {
  wait: WaitSpec;
  body: string;
}

export function dripToGraph(steps: readonly DripStep[]): AutomationGraph {
  const out: AutomationStep[] = [];
  steps.forEach((s, i) => {
    const last = i === steps.length - 1;
    out.push({ id: `w${i + 1}`, type: "wait", wait: s.wait, next: `s${i + 1}` });
    out.push({ id: `s${i + 1}`, type: "send", body: s.body, next: last ? null : `w${i + 2}` });
  });
  return { start: "w1", steps: out };
}

/** The drip steps of a graph made by dripToGraph (the edit page reads them back). */
export function graphToDrip(graph: AutomationGraph): DripStep[] {
  const byId = new Map(graph.steps.map((s) => [s.id, s]));
  const out: DripStep[] = [];
  let id: string | null = graph.start;
  const seen = new Set<string>();
  while (id && !seen.has(id)) {
    seen.add(id);
    const w = byId.get(id);
    if (w?.type !== "wait" || !w.next) break;
    const s = byId.get(w.next);
    if (s?.type !== "send") break;
    out.push({ wait: w.wait, body: s.body });
    id = s.next;
  }
  return out;
}
