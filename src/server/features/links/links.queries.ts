import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { personName } from "../../../domain/user-rules";
import type { Db, Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import type { Actor } from "../../http/context";
import { recordEvent } from "../events/events.service";
import { subscribers } from "../subscribers/subscribers.public";
import { users } from "../users/users.public";
import { linkClicks, links, linkTagLinks, linkTags } from "./links.schema";

export type LinkRow = typeof links.$inferSelect;
export type LinkListRow = LinkRow & {
  clicks: number;
  uniqueClicks: number;
  createdByName: string | null;
  tags: { id: number; tag: string }[];
};

const like = (q: string) => `%${q.replace(/[%_\\]/g, "\\$&")}%`;

const columns = {
  row: links,
  clicks: sql<number>`(select count(*)::int from ${linkClicks} where ${linkClicks.linkId} = ${links.id})`,
  uniqueClicks: sql<number>`(select count(distinct ${linkClicks.subscriberId})::int from ${linkClicks} where ${linkClicks.linkId} = ${links.id})`,
  createdByFirstName: users.firstName,
  createdByLastName: users.lastName,
  createdByUsername: users.username,
  tags: sql<
    { id: number; tag: string }[]
  >`coalesce((select json_agg(json_build_object('id', ${linkTags.id}, 'tag', ${linkTags.tag}) order by lower(${linkTags.tag})) from ${linkTagLinks} join ${linkTags} on ${linkTags.id} = ${linkTagLinks.tagId} where ${linkTagLinks.linkId} = ${links.id}), '[]'::json)`,
};

type Selected = {
  row: LinkRow;
  clicks: number;
  uniqueClicks: number;
  createdByFirstName: string | null;
  createdByLastName: string | null;
  createdByUsername: string | null;
  tags: { id: number; tag: string }[];
};
const flatten = (r: Selected): LinkListRow => ({
  ...r.row,
  clicks: r.clicks,
  uniqueClicks: r.uniqueClicks,
  createdByName:
    r.createdByUsername === null
      ? null
      : personName({
          firstName: r.createdByFirstName,
          lastName: r.createdByLastName,
          username: r.createdByUsername,
        }),
  tags: r.tags,
});

export async function listLinks(
  db: Db,
  auth: Actor,
  q: { page: number; pageSize: number; query: string; linkIds?: number[]; tagId?: number },
) {
  const filters: SQL[] = [ownedBy(links, auth)];
  if (q.linkIds) filters.push(inArray(links.id, q.linkIds));
  if (q.tagId) {
    filters.push(
      sql`exists (select 1 from ${linkTagLinks} where ${linkTagLinks.linkId} = ${links.id} and ${linkTagLinks.tagId} = ${q.tagId})`,
    );
  }
  if (q.query) {
    const pattern = like(q.query);
    filters.push(
      or(
        ilike(links.longUrl, pattern),
        ilike(links.code, pattern),
        sql`exists (select 1 from ${linkTagLinks} join ${linkTags} on ${linkTags.id} = ${linkTagLinks.tagId} where ${linkTagLinks.linkId} = ${links.id} and ${linkTags.tag} ilike ${pattern})`,
      )!,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(links)
      .leftJoin(users, eq(users.id, links.createdBy))
      .where(where)
      .orderBy(desc(links.createdAt), desc(links.id))
      .limit(q.pageSize)
      .offset(q.page * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(links).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export async function findLink(db: Executor, auth: Actor, id: number) {
  const [row] = await db
    .select(columns)
    .from(links)
    .leftJoin(users, eq(users.id, links.createdBy))
    .where(and(ownedBy(links, auth), eq(links.id, id)));
  return row ? flatten(row) : undefined;
}

export async function findLinksByIds(db: Executor, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(links)
    .where(and(ownedBy(links, { accountId }), inArray(links.id, ids)));
}

/** Public: a short code of any account. */
export async function findByCode(db: Db, code: string) {
  const [row] = await db.select().from(links).where(eq(links.code, code));
  return row;
}

export async function insertLink(db: Executor, row: typeof links.$inferInsert) {
  const [inserted] = await db
    .insert(links)
    .values(row)
    .onConflictDoNothing({ target: links.code })
    .returning();
  return inserted;
}

/** The account's tags with these names, created when missing; returns their ids. */
export async function ensureTags(db: Executor, accountId: number, names: string[]) {
  const byKey = new Map<string, string>();
  for (const n of names) if (!byKey.has(n.toLowerCase())) byKey.set(n.toLowerCase(), n);
  const unique = [...byKey.values()];
  if (unique.length === 0) return [];
  await db.execute(
    sql`insert into ${linkTags} (account_id, tag) values ${sql.join(
      unique.map((n) => sql`(${accountId}, ${n})`),
      sql`, `,
    )} on conflict do nothing`,
  );
  const rows = await db
    .select({ id: linkTags.id })
    .from(linkTags)
    .where(
      and(
        ownedBy(linkTags, { accountId }),
        inArray(
          sql`lower(${linkTags.tag})`,
          unique.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

export async function setLinkTags(db: Executor, linkId: number, tagIds: number[]) {
  await db.delete(linkTagLinks).where(eq(linkTagLinks.linkId, linkId));
  if (tagIds.length > 0) {
    await db
      .insert(linkTagLinks)
      .values(tagIds.map((tagId) => ({ linkId, tagId })))
      .onConflictDoNothing();
  }
}

export async function listTags(db: Db, auth: Actor) {
  return db
    .select({ id: linkTags.id, tag: linkTags.tag })
    .from(linkTags)
    .where(ownedBy(linkTags, auth))
    .orderBy(sql`lower(${linkTags.tag})`);
}

/** Records a click; the subscriber is kept only when it belongs to the link's account. */
export async function recordClick(
  db: Db,
  link: { id: number; accountId: number },
  subscriberId: number | null,
  userAgent: string,
) {
  const subscriber =
    subscriberId === null
      ? sql`null`
      : sql`(select ${subscribers.id} from ${subscribers} where ${subscribers.id} = ${subscriberId} and ${subscribers.accountId} = ${link.accountId})`;
  await db.transaction(async (tx) => {
    const res = await tx.execute<{ subscriber_id: number | null }>(
      sql`insert into ${linkClicks} (link_id, account_id, subscriber_id, user_agent) values (${link.id}, ${link.accountId}, ${subscriber}, ${userAgent.slice(0, 500)}) returning subscriber_id::int`,
    );
    // A click by a known subscriber is what "link clicked" automations and webhooks act on.
    const clicker = res.rows[0]?.subscriber_id ?? null;
    if (clicker !== null)
      await recordEvent(tx, {
        accountId: link.accountId,
        type: "link.clicked",
        subscriberId: clicker,
        data: { linkId: link.id },
      });
  });
}

/**
 * A tracked link's recipient key as SQL over a subscriber id column: HMAC-SHA-256 with `key`
 * spelled out with PostgreSQL's sha256() (the key is shorter than a block, so it is zero-padded
 * and xored with the two pads here), cut to `signatureBytes`, base64url.
 */
export function recipientKeySql(
  key: Buffer,
  code: string,
  subscriberId: SQL,
  signatureBytes: number,
): SQL {
  const padded = Buffer.alloc(64);
  key.copy(padded);
  const inner = Buffer.from(padded.map((b) => b ^ 0x36));
  const outer = Buffer.from(padded.map((b) => b ^ 0x5c));
  const message = sql`convert_to(${`${code}:`} || ${subscriberId}::text, 'UTF8')`;
  const mac = sql`sha256(${outer}::bytea || sha256(${inner}::bytea || ${message}))`;
  return sql`(${subscriberId}::text || '-' || translate(encode(substring(${mac} from 1 for ${signatureBytes}), 'base64'), '+/', '-_'))`;
}
