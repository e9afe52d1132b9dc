import { z } from "zod";
import { type Address, parseAddress } from "./address";
import { EARLIEST_ATTRIBUTE_DATE, parseDateInput } from "./date-input";

/** Custom fields (subscriber attributes), spec doc 2 §3 and §7. */
export const CUSTOM_FIELD_TYPES = ["string", "boolean", "date", "multi_select", "address"] as const;
export const customFieldType = z.enum(CUSTOM_FIELD_TYPES, "Choose a field type");
export type CustomFieldType = z.infer<typeof customFieldType>;

const fieldName = z
  .string("Field name is required")
  .trim()
  .min(1, "Field name is required")
  .max(60, "Field names are at most 60 characters");
const options = z
  .array(
    z
      .string()
      .trim()
      .min(1, "Options cannot be empty")
      .max(100, "Options are at most 100 characters"),
  )
  .max(200, "A field has at most 200 options");

export const customField = z.object({
  id: z.number(),
  name: z.string(),
  type: customFieldType,
  options: z.array(z.string()),
  createdAt: z.string(),
});
export type CustomField = z.infer<typeof customField>;

function uniqueOptions(v: { type?: string; options?: string[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const o of v.options ?? []) {
    const key = o.toLowerCase();
    if (seen.has(key))
      ctx.addIssue({ code: "custom", path: ["options"], message: `Option '${o}' is listed twice` });
    seen.add(key);
  }
}

export const createCustomFieldRequest = z
  .object({ name: fieldName, type: customFieldType, options: options.default([]) })
  .superRefine((v, ctx) => {
    if (v.type === "multi_select" && v.options.length === 0) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "Add at least one option" });
    }
    uniqueOptions(v, ctx);
  });
/** The type of a field cannot change: stored values would no longer fit it. */
export const updateCustomFieldRequest = z
  .object({ name: fieldName.optional(), options: options.optional() })
  .superRefine(uniqueOptions);

export const listCustomFieldsQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  query: z.string().trim().max(60).default(""),
  /** Comma-separated types; all types when absent. */
  types: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return [...CUSTOM_FIELD_TYPES];
      const list = s.split(",").map((t) => t.trim().replace("-", "_"));
      for (const t of list) {
        if (!(CUSTOM_FIELD_TYPES as readonly string[]).includes(t)) {
          ctx.addIssue({ code: "custom", message: `Unknown field type '${t}'` });
          return z.NEVER;
        }
      }
      return list as CustomFieldType[];
    }),
});
export const listCustomFieldsResponse = z.object({ total: z.number(), rows: z.array(customField) });
export const customFieldYearsResponse = z.object({ years: z.array(z.number()) });

export type AttributeValue = string | boolean | string[] | Address;
export type AttributeResult =
  | { ok: true; value: AttributeValue | undefined }
  | { ok: false; message: string };

const TRUE = new Set(["true", "yes", "y", "1"]);
const FALSE = new Set(["false", "no", "n", "0"]);

/**
 * One value for one field, normalised to what is stored: trimmed text, true/false, YYYY-MM-DD,
 * a list of known options, or the four address parts. `undefined` means empty: the key is
 * removed, so "is empty" is "has no key".
 */
export function normalizeAttribute(
  field: { name: string; type: CustomFieldType; options: string[] },
  raw: unknown,
): AttributeResult {
  if (raw === null || raw === undefined) return { ok: true, value: undefined };
  const bad = (message: string): AttributeResult => ({ ok: false, message });
  switch (field.type) {
    case "string": {
      if (typeof raw !== "string" && typeof raw !== "number")
        return bad(`${field.name} must be text`);
      const s = String(raw).trim();
      if (s.length > 500) return bad(`${field.name} is at most 500 characters`);
      return { ok: true, value: s || undefined };
    }
    case "boolean": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      const s = String(raw).trim().toLowerCase();
      if (s === "") return { ok: true, value: undefined };
      if (TRUE.has(s)) return { ok: true, value: true };
      if (FALSE.has(s)) return { ok: true, value: false };
      return bad(`${field.name} must be true or false`);
    }
    case "date": {
      if (typeof raw !== "string") return bad(`${field.name}: Invalid date supplied.`);
      if (raw.trim() === "") return { ok: true, value: undefined };
      const r = parseDateInput(raw, { earliest: EARLIEST_ATTRIBUTE_DATE });
      return r.ok ? { ok: true, value: r.date } : bad(`${field.name}: ${r.message}`);
    }
    case "multi_select": {
      const list = Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : null;
      if (!list) return bad(`${field.name} must be a list of options`);
      const chosen: string[] = [];
      for (const item of list) {
        const s = String(item).trim();
        if (!s) continue;
        const option = field.options.find((o) => o.toLowerCase() === s.toLowerCase());
        if (!option) return bad(`'${s}' is not an option of ${field.name}`);
        if (!chosen.includes(option)) chosen.push(option);
      }
      return { ok: true, value: chosen.length ? chosen : undefined };
    }
    case "address": {
      let a: Address;
      if (typeof raw === "string") a = parseAddress(raw);
      else if (typeof raw === "object" && !Array.isArray(raw)) {
        const o = raw as Record<string, unknown>;
        const part = (k: string) => (typeof o[k] === "string" ? (o[k] as string).trim() : "");
        a = {
          address: part("address"),
          city: part("city"),
          state: part("state"),
          zip: part("zip"),
        };
      } else return bad(`${field.name} must be an address`);
      if (a.zip && !/^\d{5}(-\d{4})?$/.test(a.zip))
        return bad(`${field.name}: enter a valid zip code`);
      const empty = !a.address && !a.city && !a.state && !a.zip;
      return { ok: true, value: empty ? undefined : a };
    }
  }
}
