import { sql } from "drizzle-orm";
import type { Db } from "../db/connection";
import { sendRuns, sends } from "../features/sends/sends.schema";

/**
 * Test rows of the send pipeline, written straight to its tables (the read side is
 * tested without running the scheduler, fan-out and dispatch).
 */
export async function insertSend(
  db: Db,
  o: {
    accountId: number;
    userId?: number | null;
    text?: string;
    form?: Record<string, unknown>;
    recipients?: Record<string, unknown>;
    status?: string;
    nextRunAt?: Date | null;
    rrule?: string | null;
    runCount?: number;
    timezone?: string;
    linkId?: number | null;
    phoneNumberId?: number | null;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(sends)
    .values({
      accountId: o.accountId,
      userId: o.userId ?? null,
      phoneNumberId: o.phoneNumberId ?? null,
      form: o.form ?? { repeatFrequency: "never", isSubscribers: "all", message: o.text ?? "Hi" },
      text: o.text ?? "Hi",
      recipients: o.recipients ?? { mode: "all", subscriberIds: [], groupIds: [] },
      timezone: o.timezone ?? "America/New_York",
      rrule: o.rrule ?? null,
      status: o.status ?? "completed",
      nextRunAt: o.nextRunAt ?? null,
      runCount: o.runCount ?? 0,
      linkId: o.linkId ?? null,
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
    })
    .returning({ id: sends.id });
  return row!.id;
}

export async function insertRun(
  db: Db,
  o: {
    sendId: number;
    accountId: number;
    runAt: Date;
    text?: string;
    status?: string;
    recipients?: number;
    excluded?: number;
    credits?: number;
    completedAt?: Date | null;
  },
) {
  const [row] = await db
    .insert(sendRuns)
    .values({
      sendId: o.sendId,
      accountId: o.accountId,
      runAt: o.runAt,
      text: o.text ?? "Hi",
      status: o.status ?? "completed",
      recipients: o.recipients ?? 0,
      excluded: o.excluded ?? 0,
      credits: o.credits ?? 0,
      startedAt: o.runAt,
      completedAt: o.completedAt === undefined ? o.runAt : o.completedAt,
    })
    .returning({ id: sendRuns.id });
  return row!.id;
}

/**
 * `n` deliveries of a run in one status, to +1 (areaCode) 555-xxxx numbers from `firstLine` on,
 * in one statement (fast enough for a million). Subscribers are linked by phone when they exist.
 */
export async function insertDeliveries(
  db: Db,
  o: {
    accountId: number;
    runId: number;
    status: string;
    n: number;
    errorCode?: number | null;
    firstLine?: number;
    areaCode?: string;
    credits?: number;
    body?: string;
    createdAt?: Date;
  },
) {
  const first = o.firstLine ?? 0;
  const area = o.areaCode ?? "212";
  await db.execute(sql`
    insert into messages (account_id, direction, from_number, to_number, body, status, error_code,
      source, run_id, credits, subscriber_id, created_at, updated_at)
    select ${o.accountId}, 'outbound', '+12125550100',
      '+1' || ${area} || lpad((${first} + g)::text, 7, '0'),
      ${o.body ?? "Hi"}, ${o.status}, ${o.errorCode ?? null}::int, 'campaign', ${o.runId},
      ${o.credits ?? 1},
      (select s.id from subscribers s where s.account_id = ${o.accountId}
        and s.phone = '+1' || ${area} || lpad((${first} + g)::text, 7, '0')),
      ${o.createdAt ?? sql`now()`}, ${o.createdAt ?? sql`now()`}
    from generate_series(0, ${o.n - 1}) g`);
}

/** Ledger lines of a run: what it reserved and what failed deliveries gave back. */
export async function insertRunLedger(
  db: Db,
  o: { accountId: number; runId: number; reserved: number; refunded?: number },
) {
  await db.execute(sql`
    insert into credit_ledger (account_id, delta, reason, run_id, description)
    values (${o.accountId}, ${-o.reserved}, 'reserve', ${o.runId}, 'Campaign')`);
  if (o.refunded) {
    await db.execute(sql`
      insert into credit_ledger (account_id, delta, reason, run_id, description)
      values (${o.accountId}, ${o.refunded}, 'refund', ${o.runId}, 'Failed deliveries')`);
  }
}
