import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { groupScope, ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { subscribers } from "../subscribers/subscribers.public";
import { groupMembers, groups } from "./groups.schema";

export type GroupRow = typeof groups.$inferSelect;
export type GroupListRow = GroupRow & { memberCount: number | null };

const memberCount = sql<
  number | null
>`case when ${groups.type} = 'static' then (select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id}) end`;

export async function listGroups(
  db: Db,
  auth: Actor,
  q: {
    page: number;
    pageSize: number;
    query: string;
    includeAdaptive: boolean;
    includeHidden: boolean;
  },
) {
  const filters: SQL[] = [ownedBy(groups, auth)];
  const own = groupScope(auth, groups.id);
  if (own) filters.push(own);
  if (!q.includeAdaptive) filters.push(eq(groups.type, "static"));
  if (!q.includeHidden) filters.push(eq(groups.hidden, false));
  if (q.query) filters.push(ilike(groups.name, `%${q.query.replace(/[%_\\]/g, "\\$&")}%`));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: groups, memberCount })
      .from(groups)
      .where(where)
      .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.row, memberCount: r.memberCount })),
    total: total?.n ?? 0,
  };
}

export async function findGroup(
  db: Executor,
  auth: Actor,
  id: number,
): Promise<GroupListRow | undefined> {
  const [row] = await db
    .select({ row: groups, memberCount })
    .from(groups)
    .where(and(ownedBy(groups, auth), groupScope(auth, groups.id), eq(groups.id, id)));
  return row ? { ...row.row, memberCount: row.memberCount } : undefined;
}

export async function findGroups(db: Db, auth: Actor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(groups)
    .where(and(ownedBy(groups, auth), groupScope(auth, groups.id), inArray(groups.id, ids)));
}

export async function adaptiveGroups(db: Db, auth: Actor) {
  return db
    .select()
    .from(groups)
    .where(and(ownedBy(groups, auth), eq(groups.type, "adaptive")))
    .orderBy(asc(sql`lower(${groups.name})`));
}

export async function findGroupByName(db: Executor, auth: Actor, name: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(ownedBy(groups, auth), eq(sql`lower(${groups.name})`, name.toLowerCase())));
  return row;
}

export async function insertGroup(db: Executor, row: typeof groups.$inferInsert) {
  const [inserted] = await db.insert(groups).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateGroup(
  db: Executor,
  auth: Actor,
  id: number,
  set: Partial<Pick<GroupRow, "name" | "rules" | "hidden" | "welcomeMessage">>,
) {
  // An empty change (PATCH {}) changes nothing.
  if (Object.values(set).every((v) => v === undefined)) return;
  await db
    .update(groups)
    .set(set)
    .where(and(ownedBy(groups, auth), eq(groups.id, id)));
}

export async function deleteGroup(db: Executor, auth: Actor, id: number) {
  await db.delete(groups).where(and(ownedBy(groups, auth), eq(groups.id, id)));
}

/** Adds the caller's own subscribers among `ids`; returns the ids that were new members. */
export async function addMembers(db: Executor, auth: Actor, groupId: number, ids: number[]) {
  const result = await db.execute<{ subscriber_id: string }>(
    sql`insert into ${groupMembers} (group_id, subscriber_id) select ${groupId}, ${subscribers.id} from ${subscribers} where ${and(ownedBy(subscribers, auth), inArray(subscribers.id, ids))} on conflict do nothing returning subscriber_id`,
  );
  return result.rows.map((r) => Number(r.subscriber_id));
}

export async function removeMembers(db: Executor, groupId: number, ids: number[]) {
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.subscriberId, ids)))
    .returning({ id: groupMembers.subscriberId });
  return rows.length;
}

/** The account's static groups among `ids` (anything else, another account's included, is dropped). */
export async function ownStaticGroups(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select id, name from groups where account_id = ${accountId} and type = 'static'
         and id = any(${`{${[...new Set(ids)].join(",")}}`}::int[]) order by name, id`,
  );
  return rows;
}

export async function addToGroup(db: Executor, groupId: number, where: SQL): Promise<number> {
  const result = await db.execute(
    sql`insert into ${groupMembers} (group_id, subscriber_id) select ${groupId}, ${subscribers.id} from ${subscribers} where ${where} on conflict do nothing`,
  );
  return result.rowCount ?? 0;
}

export async function removeFromGroup(db: Executor, groupId: number, where: SQL): Promise<number> {
  const rows = await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        inArray(
          groupMembers.subscriberId,
          db.select({ id: subscribers.id }).from(subscribers).where(where),
        ),
      ),
    )
    .returning({ id: groupMembers.subscriberId });
  return rows.length;
}

export async function addManyToGroups(db: Executor, groupIds: number[], subscriberIds: number[]) {
  if (groupIds.length === 0 || subscriberIds.length === 0) return;
  await db.execute(
    sql`insert into ${groupMembers} (group_id, subscriber_id)
        select g, s from unnest(${`{${groupIds.join(",")}}`}::int[]) g, unnest(${`{${subscriberIds.join(",")}}`}::bigint[]) s
        on conflict do nothing`,
  );
}

/** The subscriber joins the account's static groups among `groupIds` (sign-ups, keywords). */
export async function addToStaticGroups(
  tx: Executor,
  accountId: number,
  groupIds: number[],
  subscriberId: number,
) {
  if (groupIds.length === 0) return;
  // Only the account's own static groups: a group deleted since the keyword was saved is skipped.
  await tx.execute(
    sql`insert into group_members (group_id, subscriber_id)
        select g.id, ${subscriberId}::bigint from groups g
         where g.account_id = ${accountId} and g.type = 'static' and g.id = any(${`{${groupIds.join(",")}}`}::int[])
        on conflict do nothing`,
  );
}
