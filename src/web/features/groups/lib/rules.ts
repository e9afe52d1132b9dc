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
import { i18n, tk, translateMessage } from "../../../i18n";

/**
 * The rules' words in the active language: the screens that show them re-render when it
 * changes (they use useTranslation), so these plain functions read it at each call.
 */
const t = i18n.t.bind(i18n);

/** A rule being edited: the condition plus a key that keeps its row's identity in the list. */
export type DraftCondition = RuleCondition & { key: string };
export interface DraftRules {
  match: "all" | "any";
  conditions: DraftCondition[];
}

export const BUILTIN_LABELS: Record<RuleBuiltinField, string> = {
  firstName: tk("First name"),
  lastName: tk("Last name"),
  email: tk("Email"),
  signupMethod: tk("Sign-up method"),
  countryId: tk("Country"),
  areaCode: tk("Area code"),
  isLandline: tk("Landline"),
  createdAt: tk("Sign-up date"),
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
    equals: tk("is"),
    not_equals: tk("is not"),
    contains: tk("contains"),
    is_empty: tk("is empty"),
    is_not_empty: tk("is not empty"),
  },
  signup: { equals: tk("is"), not_equals: tk("is not"), in: tk("is any of") },
  country: { equals: tk("is"), not_equals: tk("is not") },
  areaCode: { equals: tk("is"), not_equals: tk("is not"), in: tk("is any of") },
  bool: {
    equals: tk("is"),
    not_equals: tk("is not"),
    is_empty: tk("is not set"),
    is_not_empty: tk("is set"),
  },
  date: {
    equals: tk("is on"),
    before: tk("is before"),
    after: tk("is after"),
    is_empty: tk("is empty"),
    is_not_empty: tk("is not empty"),
  },
  multi: {
    contains: tk("includes"),
    in: tk("includes any of"),
    is_empty: tk("is empty"),
    is_not_empty: tk("is not empty"),
  },
  address: { contains: tk("contains"), is_empty: tk("is empty"), is_not_empty: tk("is not empty") },
};

/**
 * A whole rule as one sentence per operator (what OPERATOR_LABELS says between the field and
 * the value), so a language can order the field, the verb and the value its own way.
 */
const RULE_SENTENCES: Record<RuleValueKind, Partial<Record<RuleOperator, string>>> = {
  text: {
    equals: tk("{{field}} is {{value}}"),
    not_equals: tk("{{field}} is not {{value}}"),
    contains: tk("{{field}} contains {{value}}"),
    is_empty: tk("{{field}} is empty"),
    is_not_empty: tk("{{field}} is not empty"),
  },
  signup: {
    equals: tk("{{field}} is {{value}}"),
    not_equals: tk("{{field}} is not {{value}}"),
    in: tk("{{field}} is any of {{value}}"),
  },
  country: { equals: tk("{{field}} is {{value}}"), not_equals: tk("{{field}} is not {{value}}") },
  areaCode: {
    equals: tk("{{field}} is {{value}}"),
    not_equals: tk("{{field}} is not {{value}}"),
    in: tk("{{field}} is any of {{value}}"),
  },
  bool: {
    equals: tk("{{field}} is {{value}}"),
    not_equals: tk("{{field}} is not {{value}}"),
    is_empty: tk("{{field}} is not set"),
    is_not_empty: tk("{{field}} is set"),
  },
  date: {
    equals: tk("{{field}} is on {{value}}"),
    before: tk("{{field}} is before {{value}}"),
    after: tk("{{field}} is after {{value}}"),
    is_empty: tk("{{field}} is empty"),
    is_not_empty: tk("{{field}} is not empty"),
  },
  multi: {
    contains: tk("{{field}} includes {{value}}"),
    in: tk("{{field}} includes any of {{value}}"),
    is_empty: tk("{{field}} is empty"),
    is_not_empty: tk("{{field}} is not empty"),
  },
  address: {
    contains: tk("{{field}} contains {{value}}"),
    is_empty: tk("{{field}} is empty"),
    is_not_empty: tk("{{field}} is not empty"),
  },
};

export function operatorLabel(kind: RuleValueKind, op: RuleOperator): string {
  const label = OPERATOR_LABELS[kind][op];
  return label ? t(label) : op.replace(/_/g, " ");
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
    return attributeOf(field, fields)?.name ?? t("Deleted attribute");
  const label = BUILTIN_LABELS[field as RuleBuiltinField];
  return label ? t(label) : field;
}

/** The field picker's choices: subscriber details first, then the account's attributes. */
export function fieldChoices(fields: CustomField[]) {
  return [
    {
      group: t("Subscriber"),
      items: RULE_BUILTIN_FIELDS.map((f) => ({ value: f, label: t(BUILTIN_LABELS[f]) })),
    },
    ...(fields.length
      ? [
          {
            group: t("Attributes"),
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
  if (!kind) return t("This attribute no longer exists: choose another field.");
  // A value not chosen yet reads better as what to do than as the server's complaint about it.
  if (!takesNoValue(c.operator) && (c.value === "" || c.value === null)) {
    const ask: Partial<Record<RuleValueKind, string>> = {
      signup: tk("Choose a sign-up method"),
      country: tk("Choose a country"),
      areaCode: tk("Enter an area code"),
      date: tk("Choose a date"),
      multi: tk("Choose an option"),
    };
    return t(ask[kind] ?? "Enter a value");
  }
  const copy: RuleCondition = {
    field: c.field,
    operator: c.operator,
    value: Array.isArray(c.value) ? [...c.value] : c.value,
  };
  const problem = checkCondition(kind, copy);
  if (problem) return translateMessage(problem);
  const field = attributeOf(c.field, fields);
  if (field?.type === "multi_select" && c.value !== null) {
    const values = Array.isArray(c.value) ? c.value : [String(c.value)];
    const missing = values.find(
      (v) => !field.options.some((o) => o.toLowerCase() === v.toLowerCase()),
    );
    if (missing !== undefined)
      return t("'{{value}}' is not an option of {{field}}", { value: missing, field: field.name });
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
    if (kind === "signup") return translateMessage(signupMethodLabel(String(x)));
    if (kind === "country") return COUNTRIES.find((k) => k.id === x)?.name ?? String(x);
    if (kind === "date" && typeof x === "string") {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(x);
      return m ? `${m[2]}/${m[3]}/${m[1]}` : x;
    }
    if (kind === "bool") return x ? t("true") : t("false");
    return `'${x}'`;
  };
  if (Array.isArray(v)) return v.map(one).join(", ");
  return v === null ? "" : one(v);
}

/** One rule in words, e.g. "VIP is true" or "Sign-up method is any of Keyword, QR Code". */
export function describeCondition(c: RuleCondition, fields: CustomField[]): string {
  const kind = kindOf(c.field, fields);
  const field = fieldLabel(c.field, fields);
  const value = valueText(c, kind);
  const sentence = kind ? RULE_SENTENCES[kind][c.operator] : undefined;
  if (sentence) return t(sentence, { field, value });
  // An operator the field does not take (a deleted attribute's rule): its parts as they are.
  return [field, c.operator.replace(/_/g, " "), value].filter(Boolean).join(" ");
}

export function describeRules(rules: GroupRules, fields: CustomField[]): string {
  if (rules.conditions.length === 0) return "";
  return rules.conditions
    .map((c) => describeCondition(c, fields))
    .reduce((a, b) =>
      rules.match === "any" ? t("{{a}} or {{b}}", { a, b }) : t("{{a}} and {{b}}", { a, b }),
    );
}
