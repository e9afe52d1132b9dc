import { filterCount } from "../../../../domain/subscribers.schemas";

/**
 * The filter form of spec doc 2 §3, as it lives in the page's URL (so a reload or a shared link
 * keeps it) and as the API takes it (query string for the list, JSON for bulk selections).
 */
export interface FilterState {
  startDate?: string;
  endDate?: string;
  group?: number;
  country?: number;
  signupMethod?: string;
  isLandline?: boolean;
  marketingConsent?: boolean;
  areaCode?: string;
  attribute?: number;
  attributeBoolean?: boolean;
  attributeDate?: string;
  attributeIsEmpty?: boolean;
  attributeIsNotEmpty?: boolean;
  attributeMultiSelect?: string[];
  attributeString?: string;
}

const TEXT_KEYS = [
  "startDate",
  "endDate",
  "signupMethod",
  "areaCode",
  "attributeDate",
  "attributeString",
] as const;
const NUMBER_KEYS = ["group", "country", "attribute"] as const;
const BOOLEAN_KEYS = [
  "isLandline",
  "marketingConsent",
  "attributeBoolean",
  "attributeIsEmpty",
  "attributeIsNotEmpty",
] as const;
export const FILTER_KEYS = [
  ...TEXT_KEYS,
  ...NUMBER_KEYS,
  ...BOOLEAN_KEYS,
  "attributeMultiSelect",
] as const;

/** The attribute's value fields: cleared together when another attribute is picked. */
export const ATTRIBUTE_VALUE_KEYS = [
  "attributeBoolean",
  "attributeDate",
  "attributeIsEmpty",
  "attributeIsNotEmpty",
  "attributeMultiSelect",
  "attributeString",
] as const;

export function readFilters(params: URLSearchParams): FilterState {
  const f: FilterState = {};
  for (const key of TEXT_KEYS) {
    const v = params.get(key)?.trim();
    if (v) f[key] = v;
  }
  for (const key of NUMBER_KEYS) {
    const v = Number(params.get(key) ?? "");
    if (params.get(key) && Number.isInteger(v)) f[key] = v;
  }
  for (const key of BOOLEAN_KEYS) {
    const v = params.get(key);
    if (v === "true" || v === "false") f[key] = v === "true";
  }
  const multi = params.getAll("attributeMultiSelect").filter(Boolean);
  if (multi.length) f.attributeMultiSelect = multi;
  // Values of an attribute filter mean nothing without the attribute.
  if (f.attribute === undefined) for (const key of ATTRIBUTE_VALUE_KEYS) delete f[key];
  return f;
}

/** The same URL with the filter replaced; other parameters (search, sort, detail) are kept. */
export function writeFilters(params: URLSearchParams, f: FilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  for (const [key, value] of filterEntries(f)) next.append(key, value);
  return next;
}

/** The filter as query-string pairs (a multi-select's options repeat their key). */
export function filterEntries(f: FilterState): [string, string][] {
  const out: [string, string][] = [];
  for (const key of FILTER_KEYS) {
    const v = f[key];
    if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (Array.isArray(v)) for (const item of v) out.push([key, item]);
    else out.push([key, String(v)]);
  }
  return out;
}

/**
 * The badge on the Filters button: every set field but the dates (doc 2 §5). "Landline: no" and
 * "attribute is false" are choices too, so those two count when false (the form holds them as
 * text, as the spec's form does); the empty / not-empty ticks count only when ticked.
 */
export function countFilters(f: FilterState): number {
  const asText = (v: boolean | undefined) => (v === undefined ? undefined : String(v));
  return filterCount({
    ...f,
    isLandline: asText(f.isLandline),
    marketingConsent: asText(f.marketingConsent),
    attributeBoolean: asText(f.attributeBoolean),
  });
}

export function hasFilters(f: FilterState): boolean {
  return filterEntries(f).length > 0;
}
