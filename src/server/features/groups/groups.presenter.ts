import type { Group, GroupRules } from "../../../domain/groups.schemas";
import type { GroupListRow } from "./groups.queries";

export function toGroup(row: GroupListRow): Group {
  return {
    id: row.id,
    name: row.name,
    type: row.type === "adaptive" ? "adaptive" : "static",
    rules: (row.rules as GroupRules | null) ?? null,
    memberCount: row.memberCount,
    hidden: row.hidden,
    welcomeMessage: row.welcomeMessage,
    createdAt: row.createdAt.toISOString(),
  };
}
