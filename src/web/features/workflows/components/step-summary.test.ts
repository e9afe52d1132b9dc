import { afterAll, describe, expect, it } from "vitest";
import type { AutomationTrigger } from "../../../../domain/automations.schemas";
import { setAppLocale } from "../../../i18n";
import { triggerSummary, waitText } from "./step-summary";

const lookups = {
  groups: new Map<string, string>(),
  fields: new Map([["4", "Birthday"]]),
  users: new Map<string, string>(),
  keywords: new Map<string, string>(),
};
const birthday: AutomationTrigger = {
  type: "date_field",
  fieldId: 4,
  daysBefore: 1,
  repeat: "yearly",
};

describe("step summaries", () => {
  afterAll(() => setAppLocale("en"));

  it("read as whole phrases, with the unit agreeing with its number", async () => {
    await setAppLocale("en");
    expect(waitText({ mode: "delay", amount: 1, unit: "days", weekdaysOnly: true })).toBe(
      "Wait 1 day, weekdays only",
    );
    expect(waitText({ mode: "time_of_day", days: 2, time: "09:00", weekdaysOnly: false })).toBe(
      "Wait 2 days, then until 09:00",
    );
    expect(triggerSummary(birthday, lookups)).toBe("Birthday, 1 day before, every year");
  });

  it("read in Spanish in Spanish order", async () => {
    await setAppLocale("es");
    expect(waitText({ mode: "delay", amount: 1, unit: "days", weekdaysOnly: true })).toBe(
      "Esperar 1 día, solo días hábiles",
    );
    expect(waitText({ mode: "time_of_day", days: 2, time: "09:00", weekdaysOnly: false })).toBe(
      "Esperar 2 días, luego hasta las 09:00",
    );
    expect(triggerSummary(birthday, lookups)).toBe("Birthday, 1 día antes, cada año");
  });
});
