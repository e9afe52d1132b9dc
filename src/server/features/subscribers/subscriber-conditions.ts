import type { GroupRules, RuleValueKind } from "../../../domain/groups.schemas";
import type { FieldInfo } from "../custom-fields/field-definitions";

// What the filter form and adaptive group rules are read with; the SQL they become is in
// subscriber-conditions.queries.ts.

export function fieldKind(type: FieldInfo["type"]): RuleValueKind {
  switch (type) {
    case "boolean":
      return "bool";
    case "date":
      return "date";
    case "multi_select":
      return "multi";
    case "address":
      return "address";
    default:
      return "text";
  }
}

/** A group the filter names: static ones by membership, adaptive ones by their rules. */
export type GroupForFilter =
  | { kind: "none" }
  | { kind: "static"; id: number }
  | { kind: "adaptive"; rules: GroupRules };

export interface FilterContext {
  fields: Map<number, FieldInfo>;
  tz: string;
  group?: GroupForFilter;
}
