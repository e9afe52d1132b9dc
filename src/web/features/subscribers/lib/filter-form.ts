import type { CustomFieldType } from "../../../../domain/custom-fields.schemas";
import {
  DATE_MESSAGES,
  EARLIEST_ATTRIBUTE_DATE,
  parseDateInput,
  toApiDate,
} from "../../../../domain/date-input";
import { tk } from "../../../i18n";
import type { FilterState } from "./filter-params";

/**
 * The filter drawer's form: what a person types (dates as text, selects as strings), checked
 * with the date-input rules of doc 2 §5 before it becomes the filter in the URL.
 */
export type AttributeMode = "value" | "empty" | "notEmpty";

export interface FilterDraft {
  startDate: string;
  endDate: string;
  group: string | null;
  country: string | null;
  signupMethod: string | null;
  isLandline: string | null;
  marketingConsent: string | null;
  areaCode: string;
  attribute: string | null;
  attributeMode: AttributeMode;
  attributeBoolean: string | null;
  /** A whole date (typed) or a year picked from the list. */
  attributeDateKind: "date" | "year";
  attributeDate: string;
  attributeYear: string | null;
  attributeMultiSelect: string[];
  attributeString: string;
}
export type DraftErrors = Partial<Record<keyof FilterDraft, string>>;

export const EMPTY_DRAFT: FilterDraft = {
  startDate: "",
  endDate: "",
  group: null,
  country: null,
  signupMethod: null,
  isLandline: null,
  marketingConsent: null,
  areaCode: "",
  attribute: null,
  attributeMode: "value",
  attributeBoolean: null,
  attributeDateKind: "date",
  attributeDate: "",
  attributeYear: null,
  attributeMultiSelect: [],
  attributeString: "",
};

const str = (v: number | string | undefined) => (v === undefined ? null : String(v));
const typed = (iso: string | undefined) =>
  iso ? (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? toApiDate(iso) : iso) : "";

export function draftFromFilter(f: FilterState): FilterDraft {
  const year = f.attributeDate && /^\d{4}$/.test(f.attributeDate) ? f.attributeDate : null;
  return {
    startDate: typed(f.startDate),
    endDate: typed(f.endDate),
    group: str(f.group),
    country: str(f.country),
    signupMethod: f.signupMethod ?? null,
    isLandline: f.isLandline === undefined ? null : String(f.isLandline),
    marketingConsent: f.marketingConsent === undefined ? null : String(f.marketingConsent),
    areaCode: f.areaCode ?? "",
    attribute: str(f.attribute),
    attributeMode: f.attributeIsEmpty ? "empty" : f.attributeIsNotEmpty ? "notEmpty" : "value",
    attributeBoolean: f.attributeBoolean === undefined ? null : String(f.attributeBoolean),
    attributeDateKind: year ? "year" : "date",
    attributeDate: year ? "" : typed(f.attributeDate),
    attributeYear: year,
    attributeMultiSelect: f.attributeMultiSelect ?? [],
    attributeString: f.attributeString ?? "",
  };
}

export type DraftResult = { ok: true; filter: FilterState } | { ok: false; errors: DraftErrors };

/**
 * Checks the form and builds the filter. `today` (YYYY-MM-DD, account time zone) bounds the
 * sign-up date range: nobody signed up in the future. `fieldType` is the picked attribute's.
 */
export function filterFromDraft(
  d: FilterDraft,
  opts: { today: string; fieldType?: CustomFieldType },
): DraftResult {
  const errors: DraftErrors = {};
  const f: FilterState = {};
  const range = { disableFuture: true, today: opts.today };
  for (const key of ["startDate", "endDate"] as const) {
    if (!d[key].trim()) continue;
    const r = parseDateInput(d[key], range);
    if (r.ok) f[key] = r.date;
    else errors[key] = r.message;
  }
  if (f.startDate && f.endDate && f.startDate > f.endDate) {
    errors.startDate = DATE_MESSAGES.startAfterEnd;
  }
  if (d.group) f.group = Number(d.group);
  if (d.country) f.country = Number(d.country);
  if (d.signupMethod) f.signupMethod = d.signupMethod;
  if (d.isLandline) f.isLandline = d.isLandline === "true";
  if (d.marketingConsent) f.marketingConsent = d.marketingConsent === "true";
  // The area code only applies while no country is chosen (the field is hidden then).
  const area = String(d.areaCode).trim();
  if (!d.country && area) {
    if (/^\d{3}$/.test(area)) f.areaCode = area;
    else errors.areaCode = tk("Area codes have 3 digits");
  }
  if (d.attribute && opts.fieldType) {
    f.attribute = Number(d.attribute);
    attributeValue(d, opts.fieldType, f, errors);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, filter: f };
}

function attributeValue(d: FilterDraft, type: CustomFieldType, f: FilterState, e: DraftErrors) {
  if (type === "multi_select") {
    if (d.attributeMultiSelect.length === 0)
      e.attributeMultiSelect = tk("Choose at least one option");
    else f.attributeMultiSelect = d.attributeMultiSelect;
    return;
  }
  if (d.attributeMode === "empty") {
    f.attributeIsEmpty = true;
    return;
  }
  if (d.attributeMode === "notEmpty") {
    f.attributeIsNotEmpty = true;
    return;
  }
  if (type === "boolean") {
    if (d.attributeBoolean === null) e.attributeBoolean = tk("Choose true or false");
    else f.attributeBoolean = d.attributeBoolean === "true";
  } else if (type === "date") {
    if (d.attributeDateKind === "year") {
      if (!d.attributeYear) e.attributeYear = tk("Choose a year");
      else f.attributeDate = d.attributeYear;
    } else {
      const r = parseDateInput(d.attributeDate, { earliest: EARLIEST_ATTRIBUTE_DATE });
      if (!d.attributeDate.trim()) e.attributeDate = DATE_MESSAGES.invalid;
      else if (r.ok) f.attributeDate = r.date;
      else e.attributeDate = r.message;
    }
  } else if (!d.attributeString.trim()) {
    e.attributeString = tk("Enter a value");
  } else {
    f.attributeString = d.attributeString.trim();
  }
}
