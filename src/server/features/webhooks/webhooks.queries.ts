import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connection";
import { webhookDeliveries, webhookEndpoints } from "./webhooks.schema";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(
  db: Db,
  row: { accountId: number; url: string; description: string; events: string[]; secret: string },
) {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export function listEndpoints(db: Db, accountId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(desc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function updateEndpoint(
  db: Db,
  accountId: number,
  id: number,
  set: Partial<Pick<EndpointRow, "url" | "description" | "events" | "enabled">>,
) {
  // Nothing to change: answer with the endpoint as it is.
  if (Object.values(set).every((v) => v === undefined)) return findEndpoint(db, accountId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...set,
      // Turned back on by a person: the failure streak starts over.
      ...(set.enabled ? { disabledReason: null, failingSince: null } : {}),
    })
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export function listDeliveries(db: Db, accountId: number, endpointId: number, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, endpointId)),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(db: Db, accountId: number, endpointId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

export interface NewDelivery {
  accountId: number;
  endpointId: number;
  eventType: string;
  eventId: string;
  orderKey: number;
  payload: Record<string, unknown>;
}

export async function insertDeliveries(db: Executor, rows: NewDelivery[]) {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
}

/** The enabled endpoints of these accounts, for fanning events out. */
export async function endpointsOfAccounts(db: Executor, accountIds: number[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.accountId} = any(${sql.raw(`array[${accountIds.map(Number).join(",")}]::int[]`)})`,
      ),
    );
}

export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  accountId: number;
  eventType: string;
  payload: Record<string, unknown>;
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
}

/**
 * Claims due deliveries for LEASE seconds. Only the oldest pending delivery of each
 * (endpoint, subscriber) may go, so a subscriber's events reach a receiver in order even across
 * retries and processes; a process that dies leaves its claims to expire and be taken again.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number) {
  const res = await db.$client.query(
    `with due as (
       select d.id from webhook_deliveries d
         join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
        where d.status = 'pending' and d.next_attempt_at <= now()
          and (d.order_key = 0 or not exists (
                select 1 from webhook_deliveries p
                 where p.endpoint_id = d.endpoint_id and p.order_key = d.order_key
                   and p.status = 'pending' and p.id < d.id))
        order by d.next_attempt_at, d.id
        limit $1
        for update of d skip locked
     )
     update webhook_deliveries w
        set next_attempt_at = now() + make_interval(secs => $2)
       from due, webhook_endpoints e
      where w.id = due.id and e.id = w.endpoint_id
     returning w.id::float8 as id, w.endpoint_id as "endpointId", w.account_id as "accountId",
               w.event_type as "eventType", w.payload, w.attempts, w.give_up_at as "giveUpAt",
               e.url, e.secret`,
    [limit, leaseSeconds],
  );
  return res.rows as ClaimedDelivery[];
}

export interface AttemptResult {
  id: number;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** For a failure: when to try again, or null to give up. */
  retryInSeconds: number | null;
}

/** One statement for a whole batch of attempts. */
export async function recordAttempts(db: Db, results: AttemptResult[]) {
  if (results.length === 0) return;
  await db.$client.query(
    `update webhook_deliveries d
        set attempts = d.attempts + 1,
            status = case when r.ok then 'delivered' when r.retry is null then 'failed' else 'pending' end,
            delivered_at = case when r.ok then now() else null end,
            next_attempt_at = case when r.retry is null then d.next_attempt_at
                                   else now() + make_interval(secs => r.retry) end,
            last_status_code = r.code,
            last_error = r.error
       from json_to_recordset($1::json) as r(id bigint, ok boolean, code int, error text, retry int)
      where d.id = r.id`,
    [
      JSON.stringify(
        results.map((r) => ({
          id: r.id,
          ok: r.ok,
          code: r.statusCode,
          error: r.error,
          retry: r.retryInSeconds,
        })),
      ),
    ],
  );
}

/** Success clears an endpoint's failure streak; failure starts it (if not already running). */
export async function markEndpointHealth(db: Db, ok: number[], failing: number[]) {
  if (ok.length)
    await db.$client.query(
      "update webhook_endpoints set failing_since = null where id = any($1::int[]) and failing_since is not null",
      [ok],
    );
  if (failing.length)
    await db.$client.query(
      "update webhook_endpoints set failing_since = now() where id = any($1::int[]) and failing_since is null",
      [failing],
    );
}

/**
 * Endpoints that have not had a single success for `hours` (every delivery failing since):
 * turned off with the reason; returns them so their accounts are told.
 */
export async function disablePersistentFailures(db: Db, hours: number, reason: string) {
  const res = await db.$client.query<{ id: number; accountId: number; url: string }>(
    `update webhook_endpoints e set enabled = false, disabled_reason = $2
      where e.enabled and e.failing_since < now() - make_interval(hours => $1)
      returning e.id, e.account_id as "accountId", e.url`,
    [hours, reason],
  );
  return res.rows;
}

/** A new delivery of an old one's event (replay), due now. */
export async function replayDelivery(db: Db, d: DeliveryRow) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      accountId: d.accountId,
      endpointId: d.endpointId,
      eventType: d.eventType,
      eventId: d.eventId,
      orderKey: 0,
      payload: d.payload,
    })
    .returning();
  return row!;
}
