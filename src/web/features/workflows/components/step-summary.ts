import { useMemo } from "react";
import type { AutomationStep, WaitSpec } from "../../../../domain/automation-graph";
import { type AutomationTrigger, TRIGGER_LABELS } from "../../../../domain/automations.schemas";
import { useDateFieldOptions, useGroupOptions } from "../../automations/api/pickers";
import { useCustomFieldOptions } from "../api/fields";
import { useKeywordOptions, useUserOptions } from "../api/workflows";

/** Names of the account's groups, fields, users, keywords… by id, for the node summaries. */
export interface Lookups {
  groups: Map<string, string>;
  fields: Map<string, string>;
  users: Map<string, string>;
  keywords: Map<string, string>;
}

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export function waitText(w: WaitSpec): string {
  const weekdays = w.weekdaysOnly ? ", weekdays only" : "";
  if (w.mode === "delay") {
    if (w.amount === 0) return "No wait";
    return `Wait ${unit(w.amount, w.unit.slice(0, -1))}${weekdays}`;
  }
  const days = w.days ? `${unit(w.days, "day")}, then ` : "";
  return `Wait ${days}until ${w.time}${weekdays}`;
}

export function minutesText(m: number): string {
  if (m % 1440 === 0) return unit(m / 1440, "day");
  if (m % 60 === 0) return unit(m / 60, "hour");
  return unit(m, "minute");
}

const name = (map: Map<string, string>, id: number, what: string) =>
  id === 0 ? `(choose a ${what})` : (map.get(String(id)) ?? `${what} #${id}`);

/** One line that says what a step does. */
export function stepSummary(s: AutomationStep, l: Lookups): string {
  switch (s.type) {
    case "send":
      return `${s.mediaUrl ? "MMS: " : ""}${s.body}`;
    case "wait":
      return waitText(s.wait);
    case "wait_reply":
      return `Up to ${minutesText(s.timeoutMinutes)}`;
    case "condition": {
      const c = s.condition;
      if (c.kind === "replied") return "Has replied?";
      if (c.kind === "clicked") return "Has clicked a link?";
      if (c.kind === "in_group") return `In group ${name(l.groups, c.groupId, "group")}?`;
      return `${name(l.fields, c.fieldId, "field")} is "${c.value}"?`;
    }
    case "split":
      return s.branches.map((b) => `${b.percent}%`).join(" / ");
    case "add_group":
      return `Add to ${name(l.groups, s.groupId, "group")}`;
    case "remove_group":
      return `Remove from ${name(l.groups, s.groupId, "group")}`;
    case "set_field":
      return `${name(l.fields, s.fieldId, "field")} = "${s.value}"`;
    case "assign":
      return `Assign to ${name(l.users, s.userId, "user")}`;
    case "notify_email":
      return s.email ? `E-mail ${s.email}` : "(enter an e-mail)";
    case "webhook":
      return s.url ? `POST ${s.url}` : "(enter a URL)";
    case "end":
      return "The workflow ends";
  }
}

export function triggerSummary(t: AutomationTrigger, l: Lookups): string {
  switch (t.type) {
    case "keyword.joined":
      return t.keywordId
        ? (l.keywords.get(String(t.keywordId)) ?? `keyword #${t.keywordId}`)
        : "any keyword";
    case "group.joined":
      return name(l.groups, t.groupId, "group");
    case "message.received":
      return t.words.length ? t.words.map((w) => `“${w}”`).join(", ") : "any text";
    case "date_field":
      return `${name(l.fields, t.fieldId, "field")}${t.daysBefore ? `, ${unit(t.daysBefore, "day")} before` : ""}${t.repeat === "yearly" ? ", every year" : ""}`;
    default:
      return TRIGGER_LABELS[t.type];
  }
}

const toMap = (o: { value: string; label: string }[] | undefined) =>
  new Map((o ?? []).map((x) => [x.value, x.label]));

/** The account's names for the summaries (groups, fields, users, keywords). */
export function useLookups(): Lookups {
  const groups = useGroupOptions();
  const fields = useCustomFieldOptions();
  const dateFields = useDateFieldOptions();
  const users = useUserOptions();
  const keywords = useKeywordOptions();
  return useMemo(
    () => ({
      groups: toMap(groups.data),
      fields: new Map([...toMap(fields.data), ...toMap(dateFields.data)]),
      users: toMap(users.data),
      keywords: toMap(keywords.data),
    }),
    [groups.data, fields.data, dateFields.data, users.data, keywords.data],
  );
}
