import { eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Actor, isAgent, isRestricted } from "../../domain/permissions";

/**
 * The one way tenant data is filtered: every query of an account's rows goes through this, so a
 * forgotten account filter is visible in review as a missing `ownedBy(...)`.
 */
export function ownedBy(table: { accountId: PgColumn }, actor: Pick<Actor, "accountId">): SQL {
  return eq(table.accountId, actor.accountId);
}

/**
 * `ownedBy` in a prepared statement (built once, run for any account): the account is the
 * statement's `accountId` placeholder, given at each execution.
 */
export function ownedByPlaceholder(table: { accountId: PgColumn }): SQL {
  return eq(table.accountId, sql.placeholder("accountId"));
}

/**
 * The subscribers an actor may see beyond the account filter: an Agent only those in one of their
 * groups (spec doc 2 §6); undefined (no narrowing) for everyone else. `subscriberId` is the
 * subscriber id column or expression of the query it goes into.
 */
export function subscriberScope(actor: Actor, subscriberId: PgColumn | SQL): SQL | undefined {
  if (!isAgent(actor)) return undefined;
  return sql`exists (select 1 from group_members gm join user_groups ug on ug.group_id = gm.group_id
                     where gm.subscriber_id = ${subscriberId} and ug.user_id = ${actor.userId})`;
}

/** The groups an actor may see: an Agent only those assigned to them; undefined for everyone else. */
export function groupScope(actor: Actor, groupId: PgColumn | SQL): SQL | undefined {
  if (!isAgent(actor)) return undefined;
  return sql`${groupId} in (select ug.group_id from user_groups ug where ug.user_id = ${actor.userId})`;
}

/**
 * The business numbers an actor may see: a restricted user only their own (spec doc 2 §6), with
 * rows of no number kept as the inbox keeps them; undefined (no narrowing) for everyone else.
 */
export function numberScope(actor: Actor, phoneNumberId: PgColumn | SQL): SQL | undefined {
  if (!isRestricted(actor)) return undefined;
  return sql`(${phoneNumberId} is null or ${phoneNumberId} in
              (select upn.phone_number_id from user_phone_numbers upn where upn.user_id = ${actor.userId}))`;
}
