import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { subscribers } from "../subscribers/subscribers.public";
import { webhookDeliveries } from "../webhooks/webhooks.public";
import { integrationConnections, integrationLinks, zapierHooks } from "./integrations.schema";

export type ConnectionRow = typeof integrationConnections.$inferSelect;
type Owner = { accountId: number };

export async function findConnection(db: Executor, owner: Owner, provider: string) {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(
      and(ownedBy(integrationConnections, owner), eq(integrationConnections.provider, provider)),
    );
  return row;
}

export async function listConnections(db: Db, owner: Owner) {
  return db.select().from(integrationConnections).where(ownedBy(integrationConnections, owner));
}

/** Connecting again replaces the credentials and starts the sync over (cursors cleared). */
export async function saveConnection(
  db: Executor,
  row: {
    accountId: number;
    provider: string;
    credentials: string;
    settings: Record<string, unknown>;
    connectedBy: number | null;
    connectedAt: Date;
  },
) {
  const fresh = {
    credentials: row.credentials,
    settings: row.settings,
    connectedBy: row.connectedBy,
    connectedAt: row.connectedAt,
    pushCursor: null,
    pullCursor: null,
    lastError: null,
    lastErrorAt: null,
    lastSyncSummary: "",
    nextSyncAt: row.connectedAt,
    syncLeaseUntil: null,
  };
  const [saved] = await db
    .insert(integrationConnections)
    .values({ ...row, ...fresh })
    .onConflictDoUpdate({
      target: [integrationConnections.accountId, integrationConnections.provider],
      set: fresh,
    })
    .returning();
  return saved!;
}

export async function updateCredentials(db: Executor, id: number, credentials: string) {
  await db
    .update(integrationConnections)
    .set({ credentials })
    .where(eq(integrationConnections.id, id));
}

export async function deleteConnection(db: Executor, owner: Owner, provider: string) {
  const rows = await db
    .delete(integrationConnections)
    .where(
      and(ownedBy(integrationConnections, owner), eq(integrationConnections.provider, provider)),
    )
    .returning({ id: integrationConnections.id });
  await db
    .delete(integrationLinks)
    .where(and(ownedBy(integrationLinks, owner), eq(integrationLinks.provider, provider)));
  return rows.length > 0;
}

/** Due connections, leased for a few minutes so two workers never sync one at once. */
export async function claimDue(db: Db, limit: number) {
  const res = await db.execute<{ id: number }>(sql`
    update integration_connections c set sync_lease_until = now() + interval '5 minutes'
     where c.id in (
       select id from integration_connections
        where next_sync_at <= now() and provider in ('hubspot', 'customerio')
          and (sync_lease_until is null or sync_lease_until < now())
        order by next_sync_at limit ${limit}
        for update skip locked)
    returning c.id`);
  if (res.rows.length === 0) return [];
  return db
    .select()
    .from(integrationConnections)
    .where(
      sql`${integrationConnections.id} = any(${`{${res.rows.map((r) => r.id).join(",")}}`}::int[])`,
    );
}

export async function savePushCursor(
  db: Executor,
  id: number,
  at: Date,
  settings: Record<string, unknown>,
) {
  await db
    .update(integrationConnections)
    .set({ pushCursor: at, settings })
    .where(eq(integrationConnections.id, id));
}

export async function savePullCursor(db: Executor, id: number, at: Date) {
  await db
    .update(integrationConnections)
    .set({ pullCursor: at })
    .where(eq(integrationConnections.id, id));
}

/** Takes the sync lease of one connection ("Sync now"); undefined while another sync runs. */
export async function leaseOne(db: Db, id: number) {
  const [row] = await db
    .update(integrationConnections)
    .set({ syncLeaseUntil: sql`now() + interval '5 minutes'` })
    .where(
      and(
        eq(integrationConnections.id, id),
        sql`(${integrationConnections.syncLeaseUntil} is null or ${integrationConnections.syncLeaseUntil} < now())`,
      ),
    )
    .returning();
  return row;
}

/** Marks a connection for a sync now (the page's "Sync now"). */
export async function syncSoon(db: Executor, id: number, now: Date) {
  await db
    .update(integrationConnections)
    .set({ nextSyncAt: now, syncLeaseUntil: null })
    .where(eq(integrationConnections.id, id));
}

export async function recordSync(
  db: Executor,
  id: number,
  r: {
    ok: boolean;
    summary: string;
    error: string | null;
    nextSyncAt: Date;
    at: Date;
  },
) {
  await db
    .update(integrationConnections)
    .set({
      lastSyncAt: r.at,
      ...(r.ok ? { lastSyncSummary: r.summary, lastError: null, lastErrorAt: null } : {}),
      ...(r.error ? { lastError: r.error, lastErrorAt: r.at } : {}),
      nextSyncAt: r.nextSyncAt,
      syncLeaseUntil: null,
    })
    .where(eq(integrationConnections.id, id));
}

// ---- subscribers changed since a cursor (read-only: the subscribers feature owns the writes) ----

export interface ChangedSubscriber {
  id: number;
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  signupMethod: string;
  marketingConsentAt: Date | null;
  attributes: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  optedOut: boolean;
}

/** The next subscribers by (updated_at, id) after the cursor, with their opt-out state. */
export async function changedSubscribers(
  db: Db,
  accountId: number,
  after: { at: Date | null; id: number },
  limit: number,
): Promise<ChangedSubscriber[]> {
  const cursor = after.at
    ? sql`and (s.updated_at, s.id) > (${after.at.toISOString()}::timestamptz, ${after.id})`
    : sql``;
  const res = await db.execute<Record<string, unknown>>(sql`
    select s.id::int as id, s.phone, s.first_name, s.last_name, s.email, s.signup_method,
           s.marketing_consent_at, s.attributes, s.created_at, s.updated_at,
           exists (select 1 from suppressions x where x.account_id = s.account_id
                     and x.phone = s.phone and x.reason = 'opted_out') as opted_out
      from subscribers s
     where s.account_id = ${accountId} ${cursor}
     order by s.updated_at, s.id
     limit ${limit}`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    phone: String(r.phone),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    email: String(r.email),
    signupMethod: String(r.signup_method),
    marketingConsentAt: r.marketing_consent_at ? new Date(String(r.marketing_consent_at)) : null,
    attributes: (r.attributes ?? {}) as Record<string, unknown>,
    createdAt: new Date(String(r.created_at)),
    updatedAt: new Date(String(r.updated_at)),
    optedOut: Boolean(r.opted_out),
  }));
}

export async function subscriberByPhone(db: Db, accountId: number, phone: string) {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.accountId, accountId), eq(subscribers.phone, phone)));
  return row;
}

// ---- links to the other system's records ----

export async function linkOf(
  db: Executor,
  accountId: number,
  provider: string,
  subscriberId: number,
) {
  const [row] = await db
    .select()
    .from(integrationLinks)
    .where(
      and(
        eq(integrationLinks.accountId, accountId),
        eq(integrationLinks.provider, provider),
        eq(integrationLinks.subscriberId, subscriberId),
      ),
    );
  return row;
}

export async function subscriberOfExternal(
  db: Executor,
  accountId: number,
  provider: string,
  externalId: string,
) {
  const [row] = await db
    .select({ subscriberId: integrationLinks.subscriberId })
    .from(integrationLinks)
    .where(
      and(
        eq(integrationLinks.accountId, accountId),
        eq(integrationLinks.provider, provider),
        eq(integrationLinks.externalId, externalId),
      ),
    );
  return row?.subscriberId;
}

export async function saveLink(
  db: Executor,
  row: {
    accountId: number;
    provider: string;
    subscriberId: number;
    externalId: string;
    syncedAt: Date;
  },
) {
  await db
    .insert(integrationLinks)
    .values(row)
    .onConflictDoUpdate({
      target: [
        integrationLinks.accountId,
        integrationLinks.provider,
        integrationLinks.subscriberId,
      ],
      set: { externalId: row.externalId, syncedAt: row.syncedAt },
    });
}

// ---- Zapier hooks ----

export async function insertZapierHook(db: Executor, row: typeof zapierHooks.$inferInsert) {
  const [saved] = await db.insert(zapierHooks).values(row).returning();
  return saved!;
}

export async function findZapierHook(db: Executor, owner: Owner, id: number) {
  const [row] = await db
    .select()
    .from(zapierHooks)
    .where(and(ownedBy(zapierHooks, owner), eq(zapierHooks.id, id)));
  return row;
}

export async function listZapierHooks(db: Db, owner: Owner) {
  const rows = await db
    .select()
    .from(zapierHooks)
    .where(ownedBy(zapierHooks, owner))
    .orderBy(asc(zapierHooks.createdAt), asc(zapierHooks.id));
  const out = [];
  for (const h of rows) {
    const [last] = await db
      .select({ status: webhookDeliveries.status, at: webhookDeliveries.createdAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, h.webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(1);
    out.push({ ...h, lastDeliveryStatus: last?.status ?? null, lastDeliveryAt: last?.at ?? null });
  }
  return out;
}

export async function recentEventsOfType(db: Db, accountId: number, type: string, limit: number) {
  const res = await db.execute<Record<string, unknown>>(sql`
    select id::text as id, account_id, type, subscriber_id::int as subscriber_id, data, occurred_at
      from account_events where account_id = ${accountId} and type = ${type}
     order by id desc limit ${limit}`);
  return res.rows.map((r) => ({
    id: String(r.id),
    accountId: Number(r.account_id),
    type: String(r.type),
    subscriberId: r.subscriber_id == null ? null : Number(r.subscriber_id),
    data: (r.data ?? {}) as Record<string, unknown>,
    occurredAt: new Date(String(r.occurred_at)),
  }));
}

/** The Customer.io connection whose action token hashes to this (the token is its only key). */
export async function customerIoConnectionByTokenHash(db: Executor, hash: string) {
  const res = await db.execute<{ account_id: number; connected_by: number | null }>(sql`
    select account_id, connected_by from integration_connections
     where provider = 'customerio' and settings->>'actionTokenHash' = ${hash}`);
  const row = res.rows[0];
  return row ? { accountId: row.account_id, connectedBy: row.connected_by } : undefined;
}
