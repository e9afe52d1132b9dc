import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  BUILTIN_KIND,
  type GroupRules,
  type RuleBuiltinField,
  type RuleCondition,
  type RuleValueKind,
} from "../../../domain/groups.schemas";
import {
  MULTI_SELECT_EMPTY,
  MULTI_SELECT_NOT_EMPTY,
  type SubscriberFilter,
} from "../../../domain/subscribers.schemas";
import type { FieldInfo } from "../custom-fields/field-definitions";
import { groupMembers } from "../groups/groups.public";
import { type FilterContext, fieldKind } from "./subscriber-conditions";
import { subscribers as s } from "./subscribers.schema";

/**
 * Turns the filter form and adaptive group rules into SQL over the subscribers table. Custom
 * field values live in `attributes` keyed by field id, an empty value being an absent key, so
 * "is empty" is `not (attributes ? key)` and equality is containment (`@>`), both served by the
 * GIN index. Dates typed by a person are days in the account's time zone.
 */

const like = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** The instant a day (YYYY-MM-DD) starts in the zone, plus `days`. */
function dayStart(date: string, tz: string, days = 0): SQL {
  return sql`((${date}::date + ${days}::int)::timestamp at time zone ${tz})`;
}

export function inStaticGroup(groupId: number): SQL {
  return sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groupId} and ${groupMembers.subscriberId} = ${s.id})`;
}

export function filterCondition(f: SubscriberFilter, c: FilterContext): SQL[] {
  const out: SQL[] = [];
  if (f.query) {
    // One expression, the one the trigram index of migration 0003 is built on.
    const haystack = sql`(${s.firstName} || ' ' || ${s.lastName} || ' ' || ${s.email} || ' ' || ${s.phone})`;
    const digits = f.query.replace(/\D/g, "");
    const parts = [sql`${haystack} ilike ${like(f.query)}`];
    if (digits.length >= 3 && digits !== f.query) parts.push(sql`${haystack} like ${like(digits)}`);
    out.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (f.startDate) out.push(sql`${s.createdAt} >= ${dayStart(f.startDate, c.tz)}`);
  if (f.endDate) out.push(sql`${s.createdAt} < ${dayStart(f.endDate, c.tz, 1)}`);
  if (c.group?.kind === "none") {
    out.push(
      sql`not exists (select 1 from ${groupMembers} where ${groupMembers.subscriberId} = ${s.id})`,
    );
  } else if (c.group?.kind === "static") {
    out.push(inStaticGroup(c.group.id));
  } else if (c.group?.kind === "adaptive") {
    out.push(rulesCondition(c.group.rules, c.fields, c.tz));
  }
  if (f.country !== undefined) out.push(eq(s.countryId, f.country));
  if (f.signupMethod) out.push(eq(s.signupMethod, f.signupMethod));
  if (f.isLandline === true) out.push(sql`${s.isLandline} is true`);
  if (f.isLandline === false) out.push(sql`${s.isLandline} is not true`);
  if (f.marketingConsent === true) out.push(sql`${s.marketingConsentAt} is not null`);
  if (f.marketingConsent === false) out.push(sql`${s.marketingConsentAt} is null`);
  if (f.areaCode) out.push(eq(s.areaCode, f.areaCode));
  if (f.attribute !== undefined) {
    const field = c.fields.get(f.attribute);
    if (field) out.push(...attributeFilter(f, field));
  }
  return out;
}

function attributeFilter(f: SubscriberFilter, field: FieldInfo): SQL[] {
  const key = String(field.id);
  const has = sql`${s.attributes} ? ${key}`;
  const out: SQL[] = [];
  if (f.attributeIsEmpty) out.push(sql`not (${has})`);
  if (f.attributeIsNotEmpty) out.push(has);
  if (f.attributeBoolean !== undefined)
    out.push(sql`${s.attributes} @> ${json({ [key]: f.attributeBoolean })}`);
  if (f.attributeString)
    out.push(sql`(${s.attributes} -> ${key})::text ilike ${like(f.attributeString)}`);
  if (f.attributeDate && "date" in f.attributeDate) {
    out.push(sql`${s.attributes} @> ${json({ [key]: f.attributeDate.date })}`);
  } else if (f.attributeDate) {
    out.push(sql`(${s.attributes} ->> ${key}) like ${`${f.attributeDate.year}-%`}`);
  }
  if (f.attributeMultiSelect) {
    const options = f.attributeMultiSelect.filter(
      (v) => v !== MULTI_SELECT_EMPTY && v !== MULTI_SELECT_NOT_EMPTY,
    );
    const any: SQL[] = [];
    if (f.attributeMultiSelect.includes(MULTI_SELECT_EMPTY)) any.push(sql`not (${has})`);
    if (f.attributeMultiSelect.includes(MULTI_SELECT_NOT_EMPTY)) any.push(has);
    for (const o of options) any.push(hasOption(key, o));
    out.push(sql`(${sql.join(any, sql` or `)})`);
  }
  return out;
}

/** A multi-select value holding `option`: containment, so the GIN index on attributes serves it. */
function hasOption(key: string, option: string): SQL {
  return sql`${s.attributes} @> ${json({ [key]: [option] })}`;
}

const BUILTIN_COLUMN = {
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  signupMethod: s.signupMethod,
  countryId: s.countryId,
  areaCode: s.areaCode,
  isLandline: s.isLandline,
  createdAt: s.createdAt,
} as const;

/** The adaptive group's members, live: all or any of its conditions. */
export function rulesCondition(rules: GroupRules, fields: Map<number, FieldInfo>, tz: string): SQL {
  const parts = rules.conditions.map((c) => conditionSql(c, fields, tz));
  return sql`(${sql.join(parts, rules.match === "any" ? sql` or ` : sql` and `)})`;
}

function conditionSql(c: RuleCondition, fields: Map<number, FieldInfo>, tz: string): SQL {
  if (c.field.startsWith("attribute:")) {
    const field = fields.get(Number(c.field.slice("attribute:".length)));
    // A field deleted under the rule matches nobody (deleting a field in use is refused).
    if (!field) return sql`false`;
    return attributeRule(c, String(field.id), fieldKind(field.type));
  }
  const name = c.field as RuleBuiltinField;
  const col = BUILTIN_COLUMN[name];
  const kind = BUILTIN_KIND[name];
  const v = c.value;
  switch (kind) {
    case "date": {
      if (c.operator === "is_empty") return sql`${col} is null`;
      if (c.operator === "is_not_empty") return sql`${col} is not null`;
      const day = String(v);
      if (c.operator === "before") return sql`${col} < ${dayStart(day, tz)}`;
      if (c.operator === "after") return sql`${col} >= ${dayStart(day, tz, 1)}`;
      return and(sql`${col} >= ${dayStart(day, tz)}`, sql`${col} < ${dayStart(day, tz, 1)}`)!;
    }
    case "bool":
      if (c.operator === "is_empty") return sql`${col} is null`;
      if (c.operator === "is_not_empty") return sql`${col} is not null`;
      if (c.operator === "not_equals") return sql`${col} is distinct from ${v}`;
      return v === true ? sql`${col} is true` : sql`${col} is not true`;
    case "text":
      if (c.operator === "is_empty") return sql`${col} = ''`;
      if (c.operator === "is_not_empty") return sql`${col} <> ''`;
      if (c.operator === "contains") return sql`${col} ilike ${like(String(v))}`;
      if (c.operator === "not_equals") return sql`lower(${col}) <> lower(${String(v)})`;
      return sql`lower(${col}) = lower(${String(v)})`;
    default: {
      // signup, country, area code: plain equality or membership.
      if (c.operator === "in") {
        const list = (v as (string | number)[]).map((x) => sql`${x}`);
        return sql`${col} in (${sql.join(list, sql`, `)})`;
      }
      if (c.operator === "not_equals") return sql`${col} is distinct from ${v}`;
      return sql`${col} = ${v}`;
    }
  }
}

function attributeRule(c: RuleCondition, key: string, kind: RuleValueKind): SQL {
  const has = sql`${s.attributes} ? ${key}`;
  const v = c.value;
  if (c.operator === "is_empty") return sql`not (${has})`;
  if (c.operator === "is_not_empty") return has;
  switch (kind) {
    case "bool":
      return c.operator === "not_equals"
        ? sql`not (${s.attributes} @> ${json({ [key]: v })})`
        : sql`${s.attributes} @> ${json({ [key]: v })}`;
    case "date":
      if (c.operator === "before") return sql`(${s.attributes} ->> ${key}) < ${String(v)}`;
      if (c.operator === "after") return sql`(${s.attributes} ->> ${key}) > ${String(v)}`;
      return sql`${s.attributes} @> ${json({ [key]: v })}`;
    case "multi":
      if (c.operator === "in") {
        return sql`(${sql.join(
          (v as string[]).map((o) => hasOption(key, o)),
          sql` or `,
        )})`;
      }
      return hasOption(key, String(v));
    case "address":
      return sql`(${s.attributes} -> ${key})::text ilike ${like(String(v))}`;
    default:
      if (c.operator === "contains")
        return sql`(${s.attributes} ->> ${key}) ilike ${like(String(v))}`;
      if (c.operator === "not_equals")
        return sql`lower(coalesce(${s.attributes} ->> ${key}, '')) <> lower(${String(v)})`;
      return sql`lower(${s.attributes} ->> ${key}) = lower(${String(v)})`;
  }
}
