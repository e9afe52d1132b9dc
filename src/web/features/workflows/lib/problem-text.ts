import { i18n, tk, translateMessage } from "../../../i18n";

/**
 * A publish problem of src/domain (validateWorkflow: English sentences naming the steps, shared
 * with the server) in the active language. Each of the domain's sentence shapes has a whole
 * sentence here with the step names as variables, so Spanish can order them; a step's default
 * name is the domain's too. A shape not listed stays as it came (problem-text.test.ts checks
 * that every shape the domain makes is listed).
 */
const STEP = "“(.+)”";
const SHAPES: { re: RegExp; key: string; names: string[] }[] = [
  { re: /^Step (.+) is there twice$/, key: tk("Step {{id}} is there twice"), names: ["id"] },
  {
    re: /^The trigger leads to a missing step (.*)$/,
    key: tk("The trigger leads to a missing step {{id}}"),
    names: ["id"],
  },
  {
    re: new RegExp(`^The step ${STEP} leads to a missing step (.*)$`),
    key: tk("The step “{{step}}” leads to a missing step {{id}}"),
    names: ["step", "id"],
  },
  {
    re: new RegExp(`^Every branch of the step ${STEP} must lead somewhere$`),
    key: tk("Every branch of the step “{{step}}” must lead somewhere"),
    names: ["step"],
  },
  {
    re: new RegExp(`^The branches of the step ${STEP} add up to (-?\\d+)%, not 100%$`),
    key: tk("The branches of the step “{{step}}” add up to {{total}}%, not 100%"),
    names: ["step", "total"],
  },
  {
    re: /^The steps (.+) loop without a wait$/,
    key: tk("The steps {{steps}} loop without a wait"),
    names: ["steps"],
  },
  {
    re: new RegExp(`^Nothing leads to the step ${STEP}$`),
    key: tk("Nothing leads to the step “{{step}}”"),
    names: ["step"],
  },
  {
    re: new RegExp(`^Choose a group for the step ${STEP}$`),
    key: tk("Choose a group for the step “{{step}}”"),
    names: ["step"],
  },
  {
    re: new RegExp(`^Choose a field for the step ${STEP}$`),
    key: tk("Choose a field for the step “{{step}}”"),
    names: ["step"],
  },
  {
    re: new RegExp(`^Choose a user for the step ${STEP}$`),
    key: tk("Choose a user for the step “{{step}}”"),
    names: ["step"],
  },
  {
    re: new RegExp(`^Enter the e-mail address the step ${STEP} notifies$`),
    key: tk("Enter the e-mail address the step “{{step}}” notifies"),
    names: ["step"],
  },
  {
    re: new RegExp(`^Enter the URL the step ${STEP} calls$`),
    key: tk("Enter the URL the step “{{step}}” calls"),
    names: ["step"],
  },
  {
    re: /^Choose what starts the workflow$/,
    key: tk("Choose what starts the workflow"),
    names: [],
  },
];

/** A step's name as the domain wrote it: its type's name (from src/domain) or the user's label. */
const stepName = (name: string) => translateMessage(name);
/** "“Wait” → “Send a text”": each quoted name in the active language. */
const stepNames = (list: string) =>
  list.replace(/“([^”]+)”/g, (_, n: string) => `“${stepName(n)}”`);

export function problemText(message: string): string {
  for (const shape of SHAPES) {
    const m = shape.re.exec(message);
    if (!m) continue;
    const values: Record<string, string> = {};
    shape.names.forEach((name, i) => {
      const v = m[i + 1] ?? "";
      values[name] = name === "step" ? stepName(v) : name === "steps" ? stepNames(v) : v;
    });
    return i18n.t(shape.key, values);
  }
  return message;
}

/** Whether the message has a sentence here (for the test). */
export const knownProblem = (message: string) => SHAPES.some((s) => s.re.test(message));
