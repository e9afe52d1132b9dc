import { COUNTRIES } from "../../../../domain/countries";
import type { CustomField, CustomFieldType } from "../../../../domain/custom-fields.schemas";
import {
  BUILTIN_KIND,
  checkCondition,
  type GroupRules,
  OPERATORS_BY_KIND,
  RULE_BUILTIN_FIELDS,
  type RuleBuiltinField,
  type RuleCondition,
  type RuleOperator,
  type RuleValueKind,
} from "../../../../domain/groups.schemas";
import { signupMethodLabel } from "../../../../domain/signup-methods";

/** A rule being edited: the condition plus a key that keeps its row's identity in the list. */
export type DraftCondition = RuleCondition & { key: string };
export interface DraftRules {
  match: "all" | "any";
  conditions: DraftCondition[];
}

export const BUILTIN_LABELS: Record<RuleBuiltinField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  signupMethod: "Sign-up method",
  countryId: "Country",
  areaCode: "Area code",
  isLandline: "Landline",
  createdAt: "Sign-up date",
};

const ATTRIBUTE_KIND: Record<CustomFieldType, RuleValueKind> = {
  string: "text",
  boolean: "bool",
  date: "date",
  multi_select: "multi",
  address: "address",
};

/** What each operator reads as after the field's name, by the kind of value the field holds. */
const OPERATOR_LABELS: Record<RuleValueKind, Partial<Record<RuleOperator, string>>> = {
  text: {
    equals: "is",
    not_equals: "is not",
    contains: "contains",
    is_empty: "is empty",
    is_not_empty: "is not empty",
  },
  signup: { equals: "is", not_equals: "is not", in: "is any of" },
  country: { equals: "is", not_equals: "is not" },
  areaCode: { equals: "is", not_equals: "is not", in: "is any of" },
  bool: { equals: "is", not_equals: "is not", is_empty: "is not set", is_not_empty: "is set" },
  date: {
    equals: "is on",
    before: "is before",
    after: "is after",
    is_empty: "is empty",
    is_not_empty: "is not empty",
  },
  multi: {
    contains: "includes",
    in: "includes any of",
    is_empty: "is empty",
    is_not_empty: "is not empty",
  },
  address: { contains: "contains", is_empty: "is empty", is_not_empty: "is not empty" },
};

export function operatorLabel(kind: RuleValueKind, op: RuleOperator): string {
  return OPERATOR_LABELS[kind][op] ?? op.replace(/_/g, " ");
}

export function operatorsOf(kind: RuleValueKind): { value: RuleOperator; label: string }[] {
  return OPERATORS_BY_KIND[kind].map((op) => ({ value: op, label: operatorLabel(kind, op) }));
}

export function attributeOf(field: string, fields: CustomField[]): CustomField | undefined {
  if (!field.startsWith("attribute:")) return undefined;
  const id = Number(field.slice("attribute:".length));
  return fields.find((f) => f.id === id);
}

/** The kind of value a rule field holds; null for an attribute that no longer exists. */
export function kindOf(field: string, fields: CustomField[]): RuleValueKind | null {
  if (field.startsWith("attribute:")) {
    const f = attributeOf(field, fields);
    return f ? ATTRIBUTE_KIND[f.type] : null;
  }
  return BUILTIN_KIND[field as RuleBuiltinField] ?? null;
}

export function fieldLabel(field: string, fields: CustomField[]): string {
  if (field.startsWith("attribute:"))
    return attributeOf(field, fields)?.name ?? "Deleted attribute";
  return BUILTIN_LABELS[field as RuleBuiltinField] ?? field;
}

/** The field picker's choices: subscriber details first, then the account's attributes. */
export function fieldChoices(fields: CustomField[]) {
  return [
    {
      group: "Subscriber",
      items: RULE_BUILTIN_FIELDS.map((f) => ({ value: f, label: BUILTIN_LABELS[f] })),
    },
    ...(fields.length
      ? [
          {
            group: "Attributes",
            items: fields.map((f) => ({ value: `attribute:${f.id}`, label: f.name })),
          },
        ]
      : []),
  ];
}

const takesNoValue = (op: RuleOperator) => op === "is_empty" || op === "is_not_empty";

/** The value a rule starts with when its field or operator changes, carried over where it fits. */
export function defaultValue(
  kind: RuleValueKind,
  op: RuleOperator,
  previous: RuleCondition["value"] = null,
): RuleCondition["value"] {
  if (takesNoValue(op)) return null;
  if (op === "in") {
    if (Array.isArray(previous)) return previous;
    return typeof previous === "string" && previous ? [previous] : [];
  }
  if (Array.isArray(previous)) return kind === "bool" ? true : (previous[0] ?? "");
  switch (kind) {
    case "bool":
      return typeof previous === "boolean" ? previous : true;
    case "country":
      return typeof previous === "number" ? previous : COUNTRIES[0].id;
    default:
      return typeof previous === "string" ? previous : "";
  }
}

let nextKey = 0;
export function draftCondition(c: RuleCondition): DraftCondition {
  nextKey += 1;
  return { ...c, key: `r${nextKey}` };
}

export function newCondition(): DraftCondition {
  return draftCondition({ field: "firstName", operator: "equals", value: "" });
}

export function toDraft(rules: GroupRules | null): DraftRules {
  return {
    match: rules?.match ?? "all",
    conditions: (rules?.conditions.length ? rules.conditions : [newCondition()]).map(
      draftCondition,
    ),
  };
}

/** A condition with its field changed: the first operator that field offers, a fresh value. */
export function withField(c: DraftCondition, field: string, fields: CustomField[]): DraftCondition {
  const kind = kindOf(field, fields) ?? "text";
  const operator = OPERATORS_BY_KIND[kind].includes(c.operator)
    ? c.operator
    : OPERATORS_BY_KIND[kind][0]!;
  return { ...c, field, operator, value: defaultValue(kind, operator) };
}

export function withOperator(
  c: DraftCondition,
  operator: RuleOperator,
  fields: CustomField[],
): DraftCondition {
  const kind = kindOf(c.field, fields) ?? "text";
  return { ...c, operator, value: defaultValue(kind, operator, c.value) };
}

/** What is wrong with one rule, in the words the server would use; null when it is complete. */
export function conditionProblem(c: RuleCondition, fields: CustomField[]): string | null {
  const kind = kindOf(c.field, fields);
  if (!kind) return "This attribute no longer exists: choose another field.";
  // A value not chosen yet reads better as what to do than as the server's complaint about it.
  if (!takesNoValue(c.operator) && (c.value === "" || c.value === null)) {
    const ask: Partial<Record<RuleValueKind, string>> = {
      signup: "Choose a sign-up method",
      country: "Choose a country",
      areaCode: "Enter an area code",
      date: "Choose a date",
      multi: "Choose an option",
    };
    return ask[kind] ?? "Enter a value";
  }
  const copy: RuleCondition = {
    field: c.field,
    operator: c.operator,
    value: Array.isArray(c.value) ? [...c.value] : c.value,
  };
  const problem = checkCondition(kind, copy);
  if (problem) return problem;
  const field = attributeOf(c.field, fields);
  if (field?.type === "multi_select" && c.value !== null) {
    const values = Array.isArray(c.value) ? c.value : [String(c.value)];
    const missing = values.find(
      (v) => !field.options.some((o) => o.toLowerCase() === v.toLowerCase()),
    );
    if (missing !== undefined) return `'${missing}' is not an option of ${field.name}`;
  }
  return null;
}

/** The rules to send, or null while any of them is incomplete. */
export function completeRules(draft: DraftRules, fields: CustomField[]): GroupRules | null {
  if (draft.conditions.length === 0) return null;
  if (draft.conditions.some((c) => conditionProblem(c, fields) !== null)) return null;
  return {
    match: draft.match,
    conditions: draft.conditions.map(({ field, operator, value }) => ({
      field,
      operator,
      value: typeof value === "string" ? value.trim() : value,
    })),
  };
}

function valueText(c: RuleCondition, kind: RuleValueKind | null): string {
  const v = c.value;
  const one = (x: string | number | boolean): string => {
    if (kind === "signup") return signupMethodLabel(String(x));
    if (kind === "country") return COUNTRIES.find((k) => k.id === x)?.name ?? String(x);
    if (kind === "date" && typeof x === "string") {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(x);
      return m ? `${m[2]}/${m[3]}/${m[1]}` : x;
    }
    return kind === "bool" ? String(x) : `'${x}'`;
  };
  if (Array.isArray(v)) return v.map(one).join(", ");
  return v === null ? "" : one(v);
}

/** One rule in words, e.g. "VIP is true" or "Sign-up method is any of Keyword, QR Code". */
export function describeCondition(c: RuleCondition, fields: CustomField[]): string {
  const kind = kindOf(c.field, fields);
  const op = kind ? operatorLabel(kind, c.operator) : c.operator.replace(/_/g, " ");
  return [fieldLabel(c.field, fields), op, valueText(c, kind)].filter(Boolean).join(" ");
}

export function describeRules(rules: GroupRules, fields: CustomField[]): string {
  const joiner = rules.match === "any" ? " or " : " and ";
  return rules.conditions.map((c) => describeCondition(c, fields)).join(joiner);
}
