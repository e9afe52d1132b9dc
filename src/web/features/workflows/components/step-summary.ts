import { useMemo } from "react";
import type { AutomationStep, WaitSpec } from "../../../../domain/automation-graph";
import { type AutomationTrigger, TRIGGER_LABELS } from "../../../../domain/automations.schemas";
import { i18n, tk, translateMessage } from "../../../i18n";
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

/**
 * The summaries in the active language, each a whole phrase with its names and numbers as
 * variables; the screens that show them re-render when the language changes (useTranslation),
 * so these plain functions read it at each call.
 */
const t = i18n.t.bind(i18n);

const DURATION = {
  minutes: (n: number) => t("{{count}} minutes", { count: n }),
  hours: (n: number) => t("{{count}} hours", { count: n }),
  days: (n: number) => t("{{count}} days", { count: n }),
};

export function waitText(w: WaitSpec): string {
  if (w.mode === "delay") {
    if (w.amount === 0) return t("No wait");
    const duration = DURATION[w.unit](w.amount);
    return w.weekdaysOnly
      ? t("Wait {{duration}}, weekdays only", { duration })
      : t("Wait {{duration}}", { duration });
  }
  if (w.days) {
    const days = DURATION.days(w.days);
    return w.weekdaysOnly
      ? t("Wait {{days}}, then until {{time}}, weekdays only", { days, time: w.time })
      : t("Wait {{days}}, then until {{time}}", { days, time: w.time });
  }
  return w.weekdaysOnly
    ? t("Wait until {{time}}, weekdays only", { time: w.time })
    : t("Wait until {{time}}", { time: w.time });
}

export function minutesText(m: number): string {
  if (m % 1440 === 0) return DURATION.days(m / 1440);
  if (m % 60 === 0) return DURATION.hours(m / 60);
  return DURATION.minutes(m);
}

/** What a step names when nothing is chosen yet, or when the chosen one is gone. */
const UNNAMED = {
  group: { choose: tk("(choose a group)"), gone: tk("group #{{id}}") },
  field: { choose: tk("(choose a field)"), gone: tk("field #{{id}}") },
  user: { choose: tk("(choose a user)"), gone: tk("user #{{id}}") },
};

const name = (map: Map<string, string>, id: number, what: keyof typeof UNNAMED) =>
  id === 0 ? t(UNNAMED[what].choose) : (map.get(String(id)) ?? t(UNNAMED[what].gone, { id }));

/** One line that says what a step does. */
export function stepSummary(s: AutomationStep, l: Lookups): string {
  switch (s.type) {
    case "send":
      return `${s.mediaUrl ? "MMS: " : ""}${s.body}`;
    case "wait":
      return waitText(s.wait);
    case "wait_reply":
      return t("Up to {{duration}}", { duration: minutesText(s.timeoutMinutes) });
    case "condition": {
      const c = s.condition;
      if (c.kind === "replied") return t("Has replied?");
      if (c.kind === "clicked") return t("Has clicked a link?");
      if (c.kind === "in_group")
        return t("In group {{group}}?", { group: name(l.groups, c.groupId, "group") });
      return t('{{field}} is "{{value}}"?', {
        field: name(l.fields, c.fieldId, "field"),
        value: c.value,
      });
    }
    case "split":
      return s.branches.map((b) => `${b.percent}%`).join(" / ");
    case "add_group":
      return t("Add to {{group}}", { group: name(l.groups, s.groupId, "group") });
    case "remove_group":
      return t("Remove from {{group}}", { group: name(l.groups, s.groupId, "group") });
    case "set_field":
      return `${name(l.fields, s.fieldId, "field")} = "${s.value}"`;
    case "assign":
      return t("Assign to {{user}}", { user: name(l.users, s.userId, "user") });
    case "notify_email":
      return s.email ? t("E-mail {{email}}", { email: s.email }) : t("(enter an e-mail)");
    case "webhook":
      return s.url ? `POST ${s.url}` : t("(enter a URL)");
    case "end":
      return t("The workflow ends");
  }
}

export function triggerSummary(tr: AutomationTrigger, l: Lookups): string {
  switch (tr.type) {
    case "keyword.joined":
      return tr.keywordId
        ? (l.keywords.get(String(tr.keywordId)) ?? t("keyword #{{id}}", { id: tr.keywordId }))
        : t("any keyword");
    case "group.joined":
      return name(l.groups, tr.groupId, "group");
    case "message.received":
      return tr.words.length ? tr.words.map((w) => `“${w}”`).join(", ") : t("any text");
    case "date_field": {
      const field = name(l.fields, tr.fieldId, "field");
      const days = tr.daysBefore ? DURATION.days(tr.daysBefore) : "";
      const yearly = tr.repeat === "yearly";
      if (days && yearly) return t("{{field}}, {{days}} before, every year", { field, days });
      if (days) return t("{{field}}, {{days}} before", { field, days });
      if (yearly) return t("{{field}}, every year", { field });
      return field;
    }
    default:
      return triggerLabel(tr.type);
  }
}

/** A trigger's name (src/domain's TRIGGER_LABELS) in the active language. */
export function triggerLabel(type: AutomationTrigger["type"]): string {
  return translateMessage(TRIGGER_LABELS[type]);
}

/** "Texts a keyword: COFFEE": the trigger's name and what it waits for. */
export function triggerLine(tr: AutomationTrigger, l: Lookups): string {
  return `${triggerLabel(tr.type)}: ${triggerSummary(tr, l)}`;
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
