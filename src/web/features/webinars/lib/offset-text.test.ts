import { describe, expect, it } from "vitest";
import { offsetLabel } from "../../../../domain/webinars";
import { i18n } from "../../../i18n";
import { offsetText } from "./offset-text";

describe("reminder offsets", () => {
  it("read in English exactly as src/domain's offsetLabel", () => {
    const t = i18n.t.bind(i18n);
    for (const m of [5, 15, 60, 180, 1440, 10080, 2880, 120, 45])
      expect(offsetText(t, m)).toBe(offsetLabel(m));
  });
});
