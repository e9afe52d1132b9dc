import { z } from "zod";
import { EARLIEST_ATTRIBUTE_DATE, parseDateInput } from "./date-input";
import { bigId, MAX_INT_ID, signedIntId } from "./ids";
import { SIGNUP_METHOD_KEYS } from "./signup-methods";

/** Groups (spec doc 2 §3, §7; doc 1 §7): static lists and adaptive groups defined by rules. */
export const NO_GROUP_ID = -1;
export const NO_GROUP_NAME = "No Group";

export const RULE_OPERATORS = [
  "equals",
  "not_equals",
  "contains",
  "is_empty",
  "is_not_empty",
  "before",
  "after",
  "in",
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Subscriber columns a rule may test; custom fields are named `attribute:<id>`. */
export const RULE_BUILTIN_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "signupMethod",
  "countryId",
  "areaCode",
  "isLandline",
  "createdAt",
] as const;
export type RuleBuiltinField = (typeof RULE_BUILTIN_FIELDS)[number];

/** What kind of value a rule field holds; an attribute's kind is its custom field type. */
export type RuleValueKind =
  | "text"
  | "signup"
  | "country"
  | "areaCode"
  | "bool"
  | "date"
  | "multi"
  | "address";

export const OPERATORS_BY_KIND: Record<RuleValueKind, readonly RuleOperator[]> = {
  text: ["equals", "not_equals", "contains", "is_empty", "is_not_empty"],
  signup: ["equals", "not_equals", "in"],
  country: ["equals", "not_equals"],
  areaCode: ["equals", "not_equals", "in"],
  bool: ["equals", "not_equals", "is_empty", "is_not_empty"],
  date: ["equals", "before", "after", "is_empty", "is_not_empty"],
  multi: ["contains", "in", "is_empty", "is_not_empty"],
  address: ["contains", "is_empty", "is_not_empty"],
};

export const BUILTIN_KIND: Record<RuleBuiltinField, RuleValueKind> = {
  firstName: "text",
  lastName: "text",
  email: "text",
  signupMethod: "signup",
  countryId: "country",
  areaCode: "areaCode",
  isLandline: "bool",
  createdAt: "date",
};

export const ruleCondition = z.object({
  field: z.union(
    [z.enum(RULE_BUILTIN_FIELDS), z.string().regex(/^attribute:\d+$/)],
    "Choose a field for each rule",
  ),
  operator: z.enum(RULE_OPERATORS, "Choose an operator for each rule"),
  value: z
    .union([
      z.string().max(200),
      z.boolean(),
      z.number(),
      z.array(z.string().max(200)).max(100),
      z.null(),
    ])
    .default(null),
});
export type RuleCondition = z.infer<typeof ruleCondition>;

export const groupRules = z.object({
  match: z.enum(["all", "any"]).default("all"),
  conditions: z
    .array(ruleCondition)
    .min(1, "An adaptive group needs at least one rule")
    .max(20, "An adaptive group has at most 20 rules"),
});
export type GroupRules = z.infer<typeof groupRules>;

/**
 * Checks one condition against the kind of its field; returns the message to show, or null.
 * Values are normalised in place of the caller's copy (dates to YYYY-MM-DD).
 */
export function checkCondition(kind: RuleValueKind, c: RuleCondition): string | null {
  if (!OPERATORS_BY_KIND[kind].includes(c.operator)) {
    return `The operator '${c.operator.replace("_", " ")}' does not apply to ${c.field}`;
  }
  if (c.operator === "is_empty" || c.operator === "is_not_empty") return null;
  const v = c.value;
  switch (kind) {
    case "bool":
      return typeof v === "boolean" ? null : "Choose true or false";
    case "date": {
      if (typeof v !== "string") return "Invalid date supplied.";
      const r = parseDateInput(v, { earliest: EARLIEST_ATTRIBUTE_DATE });
      if (!r.ok) return r.message;
      c.value = r.date;
      return null;
    }
    case "signup": {
      const list = c.operator === "in" ? v : [v];
      if (!Array.isArray(list) || list.length === 0) return "Choose at least one sign-up method";
      const bad = list.find((m) => !(SIGNUP_METHOD_KEYS as readonly unknown[]).includes(m));
      return bad === undefined ? null : `Unknown sign-up method '${String(bad)}'`;
    }
    case "country":
      return typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= MAX_INT_ID
        ? null
        : "Choose a country";
    case "areaCode": {
      const list = c.operator === "in" ? v : [v];
      if (!Array.isArray(list) || list.length === 0) return "Enter an area code";
      return list.every((a) => typeof a === "string" && /^\d{3}$/.test(a))
        ? null
        : "Area codes have 3 digits";
    }
    case "multi":
      if (c.operator === "in")
        return Array.isArray(v) && v.length > 0 ? null : "Choose at least one option";
      return typeof v === "string" && v.trim() ? null : "Choose an option";
    default:
      return typeof v === "string" && v.trim() ? null : "Enter a value";
  }
}

const groupName = z
  .string("Group name is required")
  .trim()
  .min(1, "Group name is required")
  .max(100, "Group names are at most 100 characters");
const welcomeMessage = z
  .string()
  .trim()
  .max(2000, "Messages cannot be longer than 2000 characters.");

export const createGroupRequest = z
  .object({
    name: groupName,
    type: z.enum(["static", "adaptive"]).default("static"),
    rules: groupRules.nullish(),
    hidden: z.boolean().default(false),
    welcomeMessage: welcomeMessage.default(""),
  })
  .superRefine((v, ctx) => {
    if (v.type === "adaptive" && !v.rules) {
      ctx.addIssue({
        code: "custom",
        path: ["rules"],
        message: "An adaptive group needs at least one rule",
      });
    }
    if (v.type === "static" && v.rules) {
      ctx.addIssue({ code: "custom", path: ["rules"], message: "Only adaptive groups have rules" });
    }
  });
export const updateGroupRequest = z.object({
  name: groupName.optional(),
  rules: groupRules.optional(),
  hidden: z.boolean().optional(),
  welcomeMessage: welcomeMessage.optional(),
});

export const group = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(["static", "adaptive"]),
  rules: groupRules.nullable(),
  /** Static groups only; adaptive counts come from bulkGetAdaptiveGroupMemberCount. */
  memberCount: z.number().nullable(),
  hidden: z.boolean(),
  welcomeMessage: z.string(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof group>;

const boolFlag = z.enum(["true", "false"]).transform((v) => v === "true");

export const listGroupsQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
  query: z.string().trim().max(100).default(""),
  includeAdaptive: boolFlag.default(true),
  includeHidden: boolFlag.default(true),
  /** Adds the 'No Group' pseudo-group (id -1) first, for users who are not restricted. */
  includeNoGroup: boolFlag.default(false),
});
export const listGroupsResponse = z.object({ total: z.number(), rows: z.array(group) });

export const groupMembersRequest = z.object({
  subscriberIds: z.array(bigId()).min(1, "Select at least one subscriber").max(10_000),
});

export const adaptiveCountsRequest = z.object({
  groupIds: z.array(signedIntId()).max(500),
});
export const adaptiveCountsResponse = z.object({ memberCounts: z.record(z.string(), z.number()) });

/** How many subscribers rules would match before they are saved (the rule builder's preview). */
export const rulesPreviewRequest = z.object({ rules: groupRules });
export const rulesPreviewResponse = z.object({ memberCount: z.number() });
