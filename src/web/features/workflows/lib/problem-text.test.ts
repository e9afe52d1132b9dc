import { afterAll, describe, expect, it } from "vitest";
import type { AutomationGraph } from "../../../../domain/automation-graph";
import { validateWorkflow } from "../../../../domain/workflow-builder";
import { setAppLocale } from "../../../i18n";
import { knownProblem, problemText } from "./problem-text";

// Graphs that between them make every sentence src/domain's validateWorkflow can say.
const graphs: AutomationGraph[] = [
  {
    start: "zz",
    steps: [
      { id: "a", type: "end" },
      { id: "a", type: "end" },
    ],
  },
  {
    start: "w",
    steps: [
      { id: "w", type: "wait_reply", timeoutMinutes: 60, onReply: "gone", onTimeout: null },
      {
        id: "s",
        type: "split",
        branches: [
          { percent: 30, next: "e" },
          { percent: 30, next: "e" },
        ],
      },
      { id: "g", type: "add_group", groupId: 0, next: "f" },
      { id: "f", type: "set_field", fieldId: 0, value: "", next: "u" },
      { id: "u", type: "assign", userId: 0, next: "m" },
      { id: "m", type: "notify_email", email: "", subject: "Hi", next: "h" },
      { id: "h", type: "webhook", url: "", next: "e" },
      { id: "l1", type: "send", body: "Hi", next: "l2", label: "Hello" },
      { id: "l2", type: "send", body: "Hi", next: "l1" },
      { id: "e", type: "end" },
    ],
  },
];
const messages = graphs.flatMap((g) => validateWorkflow(null, g).map((p) => p.message));

describe("workflow problems", () => {
  afterAll(() => setAppLocale("en"));

  it("have a sentence for every shape the domain says, the same in English", async () => {
    await setAppLocale("en");
    expect(new Set(messages).size).toBeGreaterThanOrEqual(13);
    for (const m of messages) {
      expect(knownProblem(m), m).toBe(true);
      expect(problemText(m)).toBe(m);
    }
  });

  it("read in Spanish, with the steps' default names in Spanish", async () => {
    await setAppLocale("es");
    for (const m of messages) expect(problemText(m), m).not.toBe(m);
    expect(problemText("Every branch of the step “Wait for a reply” must lead somewhere")).toBe(
      "Cada rama del paso “Esperar una respuesta” debe llevar a alguna parte",
    );
  });
});
