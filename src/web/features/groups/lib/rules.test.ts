import { afterAll, describe, expect, it } from "vitest";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { setAppLocale } from "../../../i18n";
import {
  completeRules,
  conditionProblem,
  defaultValue,
  describeRules,
  kindOf,
  newCondition,
  toDraft,
  withField,
  withOperator,
} from "./rules";

const field = (id: number, name: string, type: CustomField["type"], options: string[] = []) => ({
  id,
  name,
  type,
  options,
  createdAt: "2024-01-01T00:00:00.000Z",
});
const fields: CustomField[] = [
  field(1, "VIP", "boolean"),
  field(2, "Drink", "multi_select", ["Latte", "Tea"]),
  field(3, "Birthday", "date"),
];

describe("rule builder logic", () => {
  it("knows the kind of built-in fields and attributes, null for a deleted attribute", () => {
    expect(kindOf("signupMethod", fields)).toBe("signup");
    expect(kindOf("attribute:2", fields)).toBe("multi");
    expect(kindOf("attribute:9", fields)).toBeNull();
  });

  it("switching field keeps an operator that still applies and starts a fresh value", () => {
    const c = { ...newCondition(), value: "Ann" };
    const vip = withField(c, "attribute:1", fields);
    expect(vip).toMatchObject({ operator: "equals", value: true });
    const drink = withField(c, "attribute:2", fields);
    expect(drink).toMatchObject({ operator: "contains", value: "" });
  });

  it("moving between one value and 'any of' carries the value over", () => {
    const c = { ...withField(newCondition(), "areaCode", fields), value: "212" };
    const many = withOperator(c, "in", fields);
    expect(many.value).toEqual(["212"]);
    expect(withOperator(many, "equals", fields).value).toBe("212");
    expect(withOperator(many, "is_empty", fields).value).toBeNull();
    expect(defaultValue("country", "equals")).toBe(209);
  });

  it("reports the server's messages and completes only whole rule sets", () => {
    expect(conditionProblem({ field: "signupMethod", operator: "equals", value: "" }, fields)).toBe(
      "Choose a sign-up method",
    );
    expect(conditionProblem({ field: "createdAt", operator: "before", value: "" }, fields)).toBe(
      "Choose a date",
    );
    expect(conditionProblem({ field: "areaCode", operator: "equals", value: "21" }, fields)).toBe(
      "Area codes have 3 digits",
    );
    expect(
      conditionProblem({ field: "attribute:2", operator: "contains", value: "Mocha" }, fields),
    ).toBe("'Mocha' is not an option of Drink");
    expect(
      conditionProblem({ field: "attribute:9", operator: "is_empty", value: null }, fields),
    ).toMatch(/no longer exists/);
    const draft = toDraft({
      match: "any",
      conditions: [
        { field: "attribute:1", operator: "equals", value: true },
        { field: "attribute:3", operator: "before", value: "" },
      ],
    });
    expect(completeRules(draft, fields)).toBeNull();
    draft.conditions[1]!.value = "1/2/1990";
    expect(completeRules(draft, fields)).toEqual({
      match: "any",
      conditions: [
        { field: "attribute:1", operator: "equals", value: true },
        { field: "attribute:3", operator: "before", value: "1/2/1990" },
      ],
    });
  });

  it("describes rules in words", () => {
    expect(
      describeRules(
        {
          match: "all",
          conditions: [
            { field: "attribute:1", operator: "equals", value: true },
            { field: "signupMethod", operator: "in", value: ["KEYWORD", "QR_CODE"] },
            { field: "createdAt", operator: "after", value: "2024-03-05" },
            { field: "attribute:2", operator: "is_empty", value: null },
          ],
        },
        fields,
      ),
    ).toBe(
      "VIP is true and Sign-up method is any of Keyword, QR Code and Sign-up date is after 03/05/2024 and Drink is empty",
    );
  });

  it("describes rules in Spanish as whole sentences, in Spanish order", async () => {
    await setAppLocale("es");
    expect(
      describeRules(
        {
          match: "any",
          conditions: [
            { field: "attribute:1", operator: "equals", value: true },
            { field: "signupMethod", operator: "in", value: ["KEYWORD"] },
            { field: "attribute:2", operator: "is_empty", value: null },
          ],
        },
        fields,
      ),
    ).toBe("VIP es verdadero o Método de registro es alguno de Palabra clave o Drink está vacío");
    expect(
      conditionProblem({ field: "attribute:2", operator: "contains", value: "Mocha" }, fields),
    ).toBe("'Mocha' no es una opción de Drink");
  });
  afterAll(() => setAppLocale("en"));
});
