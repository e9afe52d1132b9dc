import { describe, expect, it } from "vitest";
import {
  type AutomationGraph,
  automationGraph,
  dripToGraph,
  graphToDrip,
  pickBranch,
  validateGraph,
  waitEnds,
} from "./automation-graph";

const g = (x: unknown): AutomationGraph => automationGraph.parse(x);

describe("validateGraph", () => {
  it("accepts a drip", () => {
    const drip = dripToGraph([
      { wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false }, body: "Hi" },
      {
        wait: { mode: "delay", amount: 2, unit: "days", weekdaysOnly: false },
        body: "Still there?",
      },
    ]);
    expect(validateGraph(drip)).toEqual([]);
  });

  it("finds a branch that leads to a missing step", () => {
    const p = validateGraph(
      g({ start: "a", steps: [{ id: "a", type: "send", body: "x", next: "nope" }] }),
    );
    expect(p.map((x) => x.message)).toContain(
      "The step “Send a text” leads to a missing step nope",
    );
  });

  it("finds a missing start", () => {
    const p = validateGraph(g({ start: "z", steps: [{ id: "a", type: "end" }] }));
    expect(p[0]?.message).toBe("The trigger leads to a missing step z");
  });

  it("wants every branch of a condition to lead somewhere", () => {
    const p = validateGraph(
      g({
        start: "c",
        steps: [
          { id: "c", type: "condition", condition: { kind: "replied" }, yes: "e", no: null },
          { id: "e", type: "end" },
        ],
      }),
    );
    expect(p.map((x) => x.message)).toEqual([
      "Every branch of the step “Condition” must lead somewhere",
    ]);
  });

  it("refuses a loop without a wait and accepts one with a wait", () => {
    const loop = g({
      start: "a",
      steps: [
        { id: "a", type: "send", body: "x", next: "b" },
        { id: "b", type: "add_group", groupId: 1, next: "a" },
      ],
    });
    expect(validateGraph(loop).map((x) => x.message)).toEqual([
      "The steps “Send a text” → “Add to a group” loop without a wait",
    ]);
    const waited = g({
      start: "a",
      steps: [
        { id: "a", type: "send", body: "x", next: "w" },
        { id: "w", type: "wait", wait: { mode: "delay", amount: 1, unit: "days" }, next: "a" },
      ],
    });
    expect(validateGraph(waited)).toEqual([]);
  });

  it("checks split shares and unreachable steps and duplicates", () => {
    const p = validateGraph(
      g({
        start: "s",
        steps: [
          {
            id: "s",
            type: "split",
            branches: [
              { percent: 50, next: "e" },
              { percent: 40, next: "e" },
            ],
          },
          { id: "e", type: "end" },
          { id: "lonely", type: "end" },
          { id: "e", type: "end" },
        ],
      }),
    );
    expect(p.map((x) => x.message)).toEqual([
      "Step e is there twice",
      "The branches of the step “A/B split” add up to 90%, not 100%",
      "Nothing leads to the step “End”",
    ]);
  });

  it("allows at most 6 branches", () => {
    const r = automationGraph.safeParse({
      start: "s",
      steps: [
        {
          id: "s",
          type: "split",
          branches: Array.from({ length: 7 }, () => ({ percent: 10, next: null })),
        },
      ],
    });
    expect(r.success).toBe(false);
  });
});

describe("waitEnds", () => {
  const ny = "America/New_York";
  it("adds minutes, hours and calendar days", () => {
    const from = new Date("2026-03-06T15:00:00Z"); // Friday 10:00 in New York
    expect(
      waitEnds({ mode: "delay", amount: 30, unit: "minutes", weekdaysOnly: false }, from, ny),
    ).toEqual(new Date("2026-03-06T15:30:00Z"));
    // Across the spring change (8 March) a day stays 10:00 local.
    expect(
      waitEnds({ mode: "delay", amount: 3, unit: "days", weekdaysOnly: false }, from, ny),
    ).toEqual(new Date("2026-03-09T14:00:00Z"));
  });

  it("moves a weekend end to Monday", () => {
    const from = new Date("2026-03-06T15:00:00Z"); // Friday
    expect(
      waitEnds({ mode: "delay", amount: 1, unit: "days", weekdaysOnly: true }, from, ny),
    ).toEqual(new Date("2026-03-09T14:00:00Z"));
  });

  it("waits for the next time of day in the recipient's zone", () => {
    const from = new Date("2026-03-04T20:00:00Z"); // Wednesday 15:00 New York
    expect(
      waitEnds({ mode: "time_of_day", days: 0, time: "09:30", weekdaysOnly: false }, from, ny),
    ).toEqual(new Date("2026-03-05T14:30:00Z"));
    expect(
      waitEnds({ mode: "time_of_day", days: 0, time: "16:00", weekdaysOnly: false }, from, ny),
    ).toEqual(new Date("2026-03-04T21:00:00Z"));
    expect(
      waitEnds(
        { mode: "time_of_day", days: 0, time: "09:00", weekdaysOnly: false },
        from,
        "America/Los_Angeles",
      ),
    ).toEqual(new Date("2026-03-05T17:00:00Z"));
  });
});

describe("drips and splits", () => {
  it("round-trips drip steps through the graph", () => {
    const steps = [
      {
        wait: { mode: "delay" as const, amount: 0, unit: "minutes" as const, weekdaysOnly: false },
        body: "A",
      },
      {
        wait: { mode: "time_of_day" as const, days: 1, time: "10:00", weekdaysOnly: true },
        body: "B",
      },
    ];
    expect(graphToDrip(dripToGraph(steps))).toEqual(steps);
  });

  it("spreads people over branches by the shares", () => {
    const counts = [0, 0, 0];
    for (let i = 1; i <= 10_000; i++) counts[pickBranch([50, 30, 20], i)]! += 1;
    expect(counts[0]).toBeGreaterThan(4500);
    expect(counts[1]).toBeGreaterThan(2500);
    expect(counts[2]).toBeGreaterThan(1500);
  });
});
