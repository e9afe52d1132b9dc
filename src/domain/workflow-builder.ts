import {
  type AutomationGraph,
  type AutomationStep,
  type GraphProblem,
  STEP_LABELS,
  type StepType,
  UNCHOSEN,
  validateGraph,
} from "./automation-graph";
import type { AutomationTrigger } from "./automations.schemas";

/**
 * The visual builder's rules, kept pure so the canvas, the server and the tests agree: which
 * outlets (handles) each step has and where they lead, connecting and cutting edges, adding and
 * removing steps, a first layout, and the problems that stop a publish, by node.
 */

/** The node id of the trigger on the canvas (steps have their own ids). */
export const TRIGGER_NODE = "trigger";

export interface Outlet {
  handle: string;
  label: string | null;
}

/** The outlets of a step, in the order they are drawn (left to right). */
export function outletsOf(step: AutomationStep): Outlet[] {
  switch (step.type) {
    case "end":
      return [];
    case "condition":
      return [
        { handle: "yes", label: "Yes" },
        { handle: "no", label: "No" },
      ];
    case "wait_reply":
      return [
        { handle: "reply", label: "Replied" },
        { handle: "timeout", label: "No reply" },
      ];
    case "split":
      return step.branches.map((b, i) => ({
        handle: `b${i}`,
        label: `${String.fromCharCode(65 + i)} · ${b.percent}%`,
      }));
    default:
      return [{ handle: "next", label: null }];
  }
}

/** Where an outlet of a step leads (null: nowhere yet). */
export function targetOf(step: AutomationStep, handle: string): string | null {
  switch (step.type) {
    case "end":
      return null;
    case "condition":
      return handle === "yes" ? step.yes : handle === "no" ? step.no : null;
    case "wait_reply":
      return handle === "reply" ? step.onReply : handle === "timeout" ? step.onTimeout : null;
    case "split":
      return step.branches[Number(handle.slice(1))]?.next ?? null;
    default:
      return handle === "next" ? step.next : null;
  }
}

function withTarget(step: AutomationStep, handle: string, to: string | null): AutomationStep {
  switch (step.type) {
    case "end":
      return step;
    case "condition":
      if (handle === "yes") return { ...step, yes: to };
      if (handle === "no") return { ...step, no: to };
      return step;
    case "wait_reply":
      if (handle === "reply") return { ...step, onReply: to };
      if (handle === "timeout") return { ...step, onTimeout: to };
      return step;
    case "split": {
      const i = Number(handle.slice(1));
      if (!step.branches[i]) return step;
      return {
        ...step,
        branches: step.branches.map((b, j) => (j === i ? { ...b, next: to } : b)),
      };
    }
    default:
      return handle === "next" ? { ...step, next: to } : step;
  }
}

/** An edge on the canvas: from a step's outlet (or the trigger) to a step. */
export interface FlowEdge {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  label: string | null;
}

export function edgesOf(graph: AutomationGraph): FlowEdge[] {
  const ids = new Set(graph.steps.map((s) => s.id));
  const out: FlowEdge[] = [];
  if (ids.has(graph.start))
    out.push({
      id: `${TRIGGER_NODE}:next`,
      source: TRIGGER_NODE,
      sourceHandle: "next",
      target: graph.start,
      label: null,
    });
  for (const s of graph.steps)
    for (const o of outletsOf(s)) {
      const to = targetOf(s, o.handle);
      if (to !== null && ids.has(to))
        out.push({
          id: `${s.id}:${o.handle}`,
          source: s.id,
          sourceHandle: o.handle,
          target: to,
          label: o.label,
        });
    }
  return out;
}

/** Connects an outlet to a step (replacing what it led to). The trigger's outlet sets the start. */
export function connect(
  graph: AutomationGraph,
  source: string,
  handle: string,
  target: string,
): AutomationGraph {
  if (target === TRIGGER_NODE || source === target) return graph;
  if (source === TRIGGER_NODE) return { ...graph, start: target };
  return {
    ...graph,
    steps: graph.steps.map((s) => (s.id === source ? withTarget(s, handle, target) : s)),
  };
}

/** Cuts the edge from an outlet (the trigger's edge cannot be cut, only moved). */
export function disconnect(
  graph: AutomationGraph,
  source: string,
  handle: string,
): AutomationGraph {
  if (source === TRIGGER_NODE) return graph;
  return {
    ...graph,
    steps: graph.steps.map((s) => (s.id === source ? withTarget(s, handle, null) : s)),
  };
}

/**
 * Removes steps and every edge into them. The last step stays (a workflow has at least one);
 * a removed start passes the trigger to what the start led to, when that is one step.
 */
export function removeSteps(graph: AutomationGraph, ids: readonly string[]): AutomationGraph {
  const gone = new Set(ids.filter((id) => id !== TRIGGER_NODE));
  const steps = graph.steps.filter((s) => !gone.has(s.id));
  if (steps.length === 0 || gone.size === 0) return graph;
  let start = graph.start;
  while (gone.has(start)) {
    const s = graph.steps.find((x) => x.id === start);
    const next = s ? outletsOf(s).map((o) => targetOf(s, o.handle)) : [];
    const only = next.length === 1 ? next[0] : null;
    if (!only || only === start) break;
    start = only;
  }
  if (gone.has(start)) start = steps[0]!.id;
  const cleared = steps.map((s) => {
    let out = s;
    for (const o of outletsOf(s)) {
      const to = targetOf(s, o.handle);
      if (to !== null && gone.has(to)) out = withTarget(out, o.handle, null);
    }
    return out;
  });
  return { start, steps: cleared };
}

export { STEP_LABELS };

const PREFIX: Record<StepType, string> = {
  send: "send",
  wait: "wait",
  wait_reply: "reply",
  condition: "if",
  split: "split",
  add_group: "add",
  remove_group: "remove",
  set_field: "field",
  assign: "assign",
  notify_email: "notify",
  webhook: "hook",
  end: "end",
};

/** A fresh id for a new step of this type ("send2" when "send1" is taken). */
export function newStepId(graph: AutomationGraph, type: StepType): string {
  const taken = new Set(graph.steps.map((s) => s.id));
  for (let i = 1; ; i++) {
    const id = `${PREFIX[type]}${i}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * A new step with defaults a user then edits in the side panel. Steps that need a choice the
 * account must make (a group, a field, a user) start with id 0 and are flagged until chosen.
 */
export function newStep(graph: AutomationGraph, type: StepType): AutomationStep {
  const id = newStepId(graph, type);
  switch (type) {
    case "send":
      return { id, type, body: "Hi [first name]!", next: null };
    case "wait":
      return {
        id,
        type,
        wait: { mode: "delay", amount: 1, unit: "days", weekdaysOnly: false },
        next: null,
      };
    case "wait_reply":
      return { id, type, timeoutMinutes: 1440, onReply: null, onTimeout: null };
    case "condition":
      return { id, type, condition: { kind: "replied" }, yes: null, no: null };
    case "split":
      return {
        id,
        type,
        branches: [
          { percent: 50, next: null },
          { percent: 50, next: null },
        ],
      };
    case "add_group":
    case "remove_group":
      return { id, type, groupId: UNCHOSEN, next: null };
    case "set_field":
      return { id, type, fieldId: UNCHOSEN, value: "", next: null };
    case "assign":
      return { id, type, userId: UNCHOSEN, next: null };
    case "notify_email":
      return { id, type, email: "", subject: "A contact reached a workflow step", next: null };
    case "webhook":
      return { id, type, url: "", next: null };
    case "end":
      return { id, type };
  }
}

/** Replaces one step (the side panel's edit) keeping its place and its id. */
export function replaceStep(graph: AutomationGraph, step: AutomationStep): AutomationGraph {
  return { ...graph, steps: graph.steps.map((s) => (s.id === step.id ? step : s)) };
}

/** Splits a split's 100 % evenly over n branches (first ones get the remainder). */
export function evenShares(n: number): number[] {
  const base = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => base + (i < 100 - base * n ? 1 : 0));
}

export interface Position {
  x: number;
  y: number;
}

export const NODE_W = 240;
export const NODE_GAP_X = 40;
export const NODE_GAP_Y = 150;

/**
 * A first layout: the trigger on top, each step one row below the first step that reaches it,
 * siblings side by side; steps nothing reaches go in a row at the bottom.
 */
export function autoLayout(graph: AutomationGraph): Record<string, Position> {
  const byId = new Map(graph.steps.map((s) => [s.id, s]));
  const depth = new Map<string, number>();
  const rows: string[][] = [[TRIGGER_NODE]];
  const queue: string[] = [];
  if (byId.has(graph.start)) {
    depth.set(graph.start, 1);
    queue.push(graph.start);
  }
  while (queue.length) {
    const id = queue.shift() as string;
    const d = depth.get(id) as number;
    if (!rows[d]) rows[d] = [];
    rows[d].push(id);
    const s = byId.get(id);
    if (!s) continue;
    for (const o of outletsOf(s)) {
      const to = targetOf(s, o.handle);
      if (to !== null && byId.has(to) && !depth.has(to)) {
        depth.set(to, d + 1);
        queue.push(to);
      }
    }
  }
  const loose = graph.steps.filter((s) => !depth.has(s.id)).map((s) => s.id);
  if (loose.length) rows.push(loose);
  const out: Record<string, Position> = {};
  rows.forEach((row, y) => {
    const width = row.length * NODE_W + (row.length - 1) * NODE_GAP_X;
    row.forEach((id, i) => {
      out[id] = { x: i * (NODE_W + NODE_GAP_X) - width / 2 + NODE_W / 2, y: y * NODE_GAP_Y };
    });
  });
  return out;
}

/**
 * Everything that stops a workflow from being published, by node (TRIGGER_NODE for the trigger):
 * a missing trigger, then the graph rules (dangling branches, loops without a wait,
 * unreachable steps, split shares, the choices a step still lacks).
 */
export function validateWorkflow(
  trigger: AutomationTrigger | null,
  graph: AutomationGraph,
): GraphProblem[] {
  const problems: GraphProblem[] = [];
  if (!trigger) problems.push({ stepId: TRIGGER_NODE, message: "Choose what starts the workflow" });
  for (const p of validateGraph(graph))
    problems.push(p.stepId === null ? { ...p, stepId: TRIGGER_NODE } : p);
  return problems;
}

/** Problems grouped by node id, for the canvas. */
export function problemsByNode(problems: readonly GraphProblem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of problems) {
    const key = p.stepId ?? TRIGGER_NODE;
    out.set(key, [...(out.get(key) ?? []), p.message]);
  }
  return out;
}
