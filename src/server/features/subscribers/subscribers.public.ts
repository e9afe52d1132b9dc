// What other features may use of the subscribers feature beside its services (docs/
// ARCHITECTURE.md, "Feature boundaries"). The subscribers table is for read-only joins: a send's
// or a call's recipients, a report's or a group's subscribers. Writes go through
// subscribers.service.ts.
export { subscribers } from "./subscribers.schema";

/**
 * The state written in the subscriber's address field (a custom field of type address; the first
 * such field when there are several), or null: SQL over `subscribers` aliased `s`. The
 * dispatcher and the composer's preview both read the recipient's state with it
 * (outbound/recipient-geo.ts recipientState).
 */
export function addressStateSql(s: string): string {
  return `(select nullif(trim(a.value->>'state'), '')
             from jsonb_each(${s}.attributes) a
             join custom_fields f on a.key ~ '^[0-9]{1,9}$' and f.id = a.key::int
                                 and f.account_id = ${s}.account_id and f.type = 'address'
            where jsonb_typeof(a.value) = 'object' and nullif(trim(a.value->>'state'), '') is not null
            order by f.id limit 1)`;
}
