import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { numberScope, ownedBy, subscriberScope } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { consentEvents } from "../compliance/compliance.public";
import { groupMembers, groups } from "../groups/groups.public";
import { messages } from "../messages/messages.public";
import { phoneNumbers } from "../numbers/numbers.public";
import { users } from "../users/users.public";
import { subscribers } from "./subscribers.schema";

/** The consent log of one number with the person and the account's number behind each line. */
export async function consentWithPeople(db: Db, auth: Actor, phone: string, limit = 200) {
  return (
    db
      .select({
        id: consentEvents.id,
        action: consentEvents.action,
        source: consentEvents.source,
        detail: consentEvents.detail,
        createdAt: consentEvents.createdAt,
        userId: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        viaNumber: phoneNumbers.number,
      })
      .from(consentEvents)
      // Joined on the account too: a line can only name people and numbers of its own account.
      .leftJoin(
        users,
        and(eq(users.id, consentEvents.userId), eq(users.accountId, consentEvents.accountId)),
      )
      .leftJoin(
        phoneNumbers,
        and(
          eq(phoneNumbers.id, consentEvents.phoneNumberId),
          eq(phoneNumbers.accountId, consentEvents.accountId),
        ),
      )
      .where(and(ownedBy(consentEvents, auth), eq(consentEvents.phone, phone)))
      .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id))
      .limit(limit)
  );
}

/** Messages sent to or received from one number, newest first, a page at a time. */
export async function messagesWith(
  db: Db,
  auth: Actor,
  phone: string,
  page: { page: number; pageSize: number },
) {
  const where = and(
    ownedBy(messages, auth),
    // A restricted user reads only the messages of their numbers, as in the inbox.
    numberScope(auth, messages.phoneNumberId),
    sql`((${messages.direction} = 'outbound' and ${messages.toNumber} = ${phone}) or (${messages.direction} = 'inbound' and ${messages.fromNumber} = ${phone}))`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.pageSize)
      .offset(page.page * page.pageSize),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Static group memberships of the given subscribers (of the caller's account). */
export async function staticGroupsOfMany(db: Db, auth: Actor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ subscriberId: groupMembers.subscriberId, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(ownedBy(groups, auth), inArray(groupMembers.subscriberId, ids)))
    .orderBy(asc(sql`lower(${groups.name})`));
}

/** The caller's subscribers among `ids`, and which of the conditions (adaptive groups) each meets. */
export async function matchingOfMany(
  db: Db,
  auth: Actor,
  ids: number[],
  conditions: SQL[],
): Promise<Map<number, boolean[]>> {
  if (ids.length === 0) return new Map();
  const cols = conditions.map((c, i) => sql`, (${c}) as ${sql.raw(`m${i}`)}`);
  const result = await db.execute(
    sql`select ${subscribers.id} as id ${sql.join(cols, sql``)} from ${subscribers} where ${and(ownedBy(subscribers, auth), subscriberScope(auth, subscribers.id), inArray(subscribers.id, ids))}`,
  );
  const out = new Map<number, boolean[]>();
  for (const row of result.rows as Record<string, unknown>[]) {
    out.set(
      Number(row.id),
      conditions.map((_, i) => row[`m${i}`] === true),
    );
  }
  return out;
}
