import { describe, expect, it } from "vitest";
import { draftFromFilter, EMPTY_DRAFT, filterFromDraft } from "./filter-form";

const today = "2025-06-15";

describe("filter form", () => {
  it("reads the spec's date formats and keeps the range in order", () => {
    const r = filterFromDraft(
      { ...EMPTY_DRAFT, startDate: "1/2/25", endDate: "03/04/2025" },
      { today },
    );
    expect(r).toEqual({ ok: true, filter: { startDate: "2025-01-02", endDate: "2025-03-04" } });
    expect(
      filterFromDraft({ ...EMPTY_DRAFT, startDate: "5/1/2025", endDate: "4/1/2025" }, { today }),
    ).toEqual({ ok: false, errors: { startDate: "Start date must be before end date." } });
  });

  it("gives the spec's messages for bad dates", () => {
    const errors = (startDate: string) => {
      const r = filterFromDraft({ ...EMPTY_DRAFT, startDate }, { today });
      return r.ok ? null : r.errors.startDate;
    };
    expect(errors("13/45/2025")).toBe("Invalid date supplied.");
    expect(errors("7/1/2025")).toBe("You may not select future dates.");
    expect(errors("12/31/1999")).toBe("Inputted date is too far in the past.");
  });

  it("ignores the area code once a country is chosen and checks it otherwise", () => {
    expect(filterFromDraft({ ...EMPTY_DRAFT, country: "209", areaCode: "21" }, { today })).toEqual({
      ok: true,
      filter: { country: 209 },
    });
    expect(filterFromDraft({ ...EMPTY_DRAFT, areaCode: "21" }, { today })).toEqual({
      ok: false,
      errors: { areaCode: "Area codes have 3 digits" },
    });
  });

  it("builds the attribute filter for each field type", () => {
    const base = { ...EMPTY_DRAFT, attribute: "4" };
    expect(
      filterFromDraft({ ...base, attributeBoolean: "false" }, { today, fieldType: "boolean" }),
    ).toEqual({ ok: true, filter: { attribute: 4, attributeBoolean: false } });
    expect(
      filterFromDraft({ ...base, attributeMode: "empty" }, { today, fieldType: "string" }),
    ).toEqual({ ok: true, filter: { attribute: 4, attributeIsEmpty: true } });
    expect(
      filterFromDraft(
        { ...base, attributeDateKind: "year", attributeYear: "1990" },
        { today, fieldType: "date" },
      ),
    ).toEqual({ ok: true, filter: { attribute: 4, attributeDate: "1990" } });
    expect(
      filterFromDraft({ ...base, attributeDate: "5/5/85" }, { today, fieldType: "date" }),
    ).toEqual({
      ok: true,
      filter: { attribute: 4, attributeDate: "1985-05-05" },
    });
    expect(
      filterFromDraft(
        { ...base, attributeMultiSelect: ["NOT_EMPTY"] },
        { today, fieldType: "multi_select" },
      ),
    ).toEqual({ ok: true, filter: { attribute: 4, attributeMultiSelect: ["NOT_EMPTY"] } });
    expect(filterFromDraft(base, { today, fieldType: "multi_select" })).toEqual({
      ok: false,
      errors: { attributeMultiSelect: "Choose at least one option" },
    });
  });

  it("turns a filter back into the form", () => {
    expect(
      draftFromFilter({ startDate: "2025-01-02", attribute: 4, attributeDate: "1990" }),
    ).toMatchObject({
      startDate: "01/02/2025",
      attribute: "4",
      attributeDateKind: "year",
      attributeYear: "1990",
    });
  });
});
