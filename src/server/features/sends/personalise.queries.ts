import { type SQL, sql } from "drizzle-orm";
import type { FieldInfo } from "../custom-fields/field-definitions";
import { subscribers as s } from "../subscribers/subscribers.public";

/**
 * The text of one recipient's message as a SQL expression over `subscribers`: the message split
 * at its variables ([first name], [last name], [phone number], a custom field's [Name]) and
 * joined back with the subscriber's values (and a tracked link's [link recipient] key, see
 * links.service expandLinkTokens and recipientKeySql), in one concat (no chain of replaces over a
 * million rows). Brackets that name nothing stay as written.
 */
export function personalisedText(
  text: string,
  fields: Map<number, FieldInfo>,
  recipientKey: (code: string, subscriberId: SQL) => SQL,
): SQL {
  const byName = new Map<string, FieldInfo>();
  for (const f of fields.values()) byName.set(f.name.trim().toLowerCase(), f);
  const parts: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([^[\]\n]{1,100})\]/g)) {
    const name = m[1]!.trim().toLowerCase();
    // A tracked link's key signs the link's code, written just before it: …/l/{code}/[link recipient].
    const code =
      name === "link recipient"
        ? /\/l\/([A-Za-z0-9]{4,20})\/$/.exec(text.slice(0, m.index))?.[1]
        : null;
    const value = code ? recipientKey(code, sql`${s.id}`) : variableSql(name, byName);
    if (!value) continue;
    if (m.index > last) parts.push(sql`${text.slice(last, m.index)}::text`);
    parts.push(value);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(sql`${text.slice(last)}::text`);
  if (!parts.length) return sql`''::text`;
  return sql`concat(${sql.join(parts, sql`, `)})`;
}

function variableSql(name: string, byName: Map<string, FieldInfo>): SQL | null {
  switch (name) {
    case "first name":
      return sql`${s.firstName}`;
    case "last name":
      return sql`${s.lastName}`;
    case "phone number":
      return sql`(case when ${s.phone} ~ '^\\+1[0-9]{10}$'
        then '(' || substr(${s.phone}, 3, 3) || ') ' || substr(${s.phone}, 6, 3) || '-' || substr(${s.phone}, 9)
        else ${s.phone} end)`;
  }
  const field = byName.get(name);
  if (!field) return null;
  const value = sql`(${s.attributes} -> ${String(field.id)})`;
  switch (field.type) {
    case "multi_select":
      return sql`coalesce((select string_agg(v, ', ') from jsonb_array_elements_text(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end) v), '')`;
    case "address":
      return sql`coalesce(concat_ws(', ', nullif(${value} ->> 'address', ''), nullif(${value} ->> 'city', ''), nullif(${value} ->> 'state', ''), nullif(${value} ->> 'zip', '')), '')`;
    default:
      return sql`coalesce(${s.attributes} ->> ${String(field.id)}, '')`;
  }
}
