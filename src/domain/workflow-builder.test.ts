import { describe, expect, it } from "vitest";
import { type AutomationGraph, automationGraph } from "./automation-graph";
import {
  autoLayout,
  connect,
  disconnect,
  edgesOf,
  evenShares,
  newStep,
  outletsOf,
  problemsByNode,
  removeSteps,
  TRIGGER_NODE,
  validateWorkflow,
} from "./workflow-builder";

const g = (x: unknown): AutomationGraph => automationGraph.parse(x);
const trigger = { type: "keyword.joined" as const, keywordId: null };

/** keyword → wait → send → wait for a reply → yes/no texts (the e2e journey's shape). */
const journey = g({
  start: "wait1",
  steps: [
    {
      id: "wait1",
      type: "wait",
      wait: { mode: "delay", amount: 1, unit: "hours" },
      next: "send1",
    },
    { id: "send1", type: "send", body: "Coffee or tea?", next: "reply1" },
    { id: "reply1", type: "wait_reply", timeoutMinutes: 60, onReply: "send2", onTimeout: "end1" },
    { id: "send2", type: "send", body: "Thanks!", next: null },
    { id: "end1", type: "end" },
  ],
});

describe("validateWorkflow (what stops a publish)", () => {
  it("accepts a complete workflow", () => {
    expect(validateWorkflow(trigger, journey)).toEqual([]);
  });

  it("names a dangling branch on its node", () => {
    const cut = disconnect(journey, "reply1", "timeout");
    const p = problemsByNode(validateWorkflow(trigger, cut));
    expect(p.get("reply1")).toEqual([
      "Every branch of the step “Wait for a reply” must lead somewhere",
    ]);
    expect(p.get("end1")).toEqual(["Nothing leads to the step “End”"]);
  });

  it("refuses a loop without a wait, but allows one through a wait", () => {
    const tight = g({
      start: "send1",
      steps: [
        { id: "send1", type: "send", body: "Still there?", next: "if1" },
        { id: "if1", type: "condition", condition: { kind: "replied" }, yes: "end1", no: null },
        { id: "end1", type: "end" },
      ],
    });
    const loop = connect(tight, "if1", "no", "send1");
    expect(validateWorkflow(trigger, loop).map((x) => x.message)).toEqual([
      "The steps “Send a text” → “Condition” loop without a wait",
    ]);
    // Back through a wait: the person sleeps between turns, so this loop is allowed.
    const waited = connect(journey, "send2", "next", "wait1");
    expect(validateWorkflow(trigger, waited)).toEqual([]);
  });

  it("puts trigger problems on the trigger node and asks for missing choices", () => {
    const withAdd = {
      ...journey,
      steps: [...journey.steps, { ...newStep(journey, "add_group"), next: null }],
    };
    const wired = connect(withAdd, "send2", "next", "add1");
    const p = problemsByNode(validateWorkflow(null, wired));
    expect(p.get(TRIGGER_NODE)).toEqual(["Choose what starts the workflow"]);
    expect(p.get("add1")).toEqual(["Choose a group for the step “Add to a group”"]);
  });

  it("checks that a split's shares add up to 100 % and every branch leads somewhere", () => {
    const split = newStep(journey, "split");
    expect(split.type === "split" && split.branches.map((b) => b.percent)).toEqual([50, 50]);
    const graph = g({
      start: "split1",
      steps: [
        {
          id: "split1",
          type: "split",
          branches: [
            { percent: 30, next: "a" },
            { percent: 30, next: "b" },
          ],
        },
        { id: "a", type: "send", body: "A", next: null },
        { id: "b", type: "send", body: "B", next: null },
      ],
    });
    expect(validateWorkflow(trigger, graph).map((x) => x.message)).toEqual([
      "The branches of the step “A/B split” add up to 60%, not 100%",
    ]);
  });
});

describe("editing the graph", () => {
  it("draws one edge per connected outlet, the trigger's to the start", () => {
    expect(edgesOf(journey).map((e) => `${e.source}:${e.sourceHandle}>${e.target}`)).toEqual([
      "trigger:next>wait1",
      "wait1:next>send1",
      "send1:next>reply1",
      "reply1:reply>send2",
      "reply1:timeout>end1",
    ]);
  });

  it("moves the start when the trigger is connected elsewhere, and never connects a step to itself", () => {
    expect(connect(journey, TRIGGER_NODE, "next", "send1").start).toBe("send1");
    expect(connect(journey, "send1", "next", "send1")).toBe(journey);
  });

  it("removes a step with the edges into it; a removed start hands the trigger on", () => {
    const out = removeSteps(journey, ["wait1", "end1"]);
    expect(out.start).toBe("send1");
    expect(out.steps.map((s) => s.id)).toEqual(["send1", "reply1", "send2"]);
    const reply = out.steps.find((s) => s.id === "reply1");
    expect(reply?.type === "wait_reply" && reply.onTimeout).toBeNull();
    // The trigger itself and the last step stay.
    expect(removeSteps(journey, [TRIGGER_NODE])).toBe(journey);
    const one = g({ start: "a", steps: [{ id: "a", type: "end" }] });
    expect(removeSteps(one, ["a"])).toBe(one);
  });

  it("gives new steps free ids and a split up to 6 even shares", () => {
    expect(newStep(journey, "send").id).toBe("send3");
    expect(evenShares(3)).toEqual([34, 33, 33]);
    expect(evenShares(6).reduce((a, b) => a + b, 0)).toBe(100);
    expect(outletsOf(newStep(journey, "condition")).map((o) => o.label)).toEqual(["Yes", "No"]);
  });

  it("lays the trigger on top and each step a row below the first step that reaches it", () => {
    const pos = autoLayout(journey);
    expect(pos[TRIGGER_NODE]!.y).toBe(0);
    expect(pos.wait1!.y).toBeLessThan(pos.send1!.y);
    expect(pos.send2!.y).toBe(pos.end1!.y);
    expect(pos.send2!.x).not.toBe(pos.end1!.x);
  });
});

describe("problems name steps as the canvas titles them", () => {
  it("uses a step's own label, never its internal id", () => {
    const graph = automationGraph.parse({
      start: "reply1",
      steps: [
        {
          id: "reply1",
          type: "wait_reply",
          label: "Did they answer?",
          timeoutMinutes: 60,
          onReply: null,
          onTimeout: null,
        },
      ],
    });
    const messages = validateWorkflow(trigger, graph).map((p) => p.message);
    expect(messages).toEqual(["Every branch of the step “Did they answer?” must lead somewhere"]);
    expect(messages.join(" ")).not.toContain("reply1");
  });
});
