import { allowedFrom, type DeliveryStatus } from "../../../domain/delivery-status";
import type { Db } from "../../db/connection";
import { carrierSidsOf } from "./messages.queries";
import { updateMessagesInIdOrder } from "./ordered-update";
import { STATUS_EVENTS_SQL } from "./status-events";

export interface StatusUpdate {
  id: number;
  sid: string;
  status: DeliveryStatus;
  errorCode: number | null;
}

export type UpdateResult =
  | {
      kind: "applied";
      accountId: number;
      toNumber: string;
      /** What the message cost (given back when it failed) and its campaign run, if any. */
      credits: number;
      runId: number | null;
      phoneNumberId: number | null;
    }
  | { kind: "ignored" }
  | { kind: "unknown" };

interface Pending extends StatusUpdate {
  resolve(result: UpdateResult): void;
  reject(err: unknown): void;
}

const MAX_BATCH = 200;
// After the `with locked as (…)` that updateMessagesInIdOrder puts first.
const BATCH_UPDATE = `,
  upd as (
    update messages m
       set status = i.status, error_code = i.error_code,
           carrier_sid = coalesce(m.carrier_sid, i.sid), updated_at = now()
      from unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[])
           as i(id, sid, status, error_code, allowed)
     where m.id = i.id and $locked
       and (m.carrier_sid is null or m.carrier_sid = i.sid)
       and m.status = any(string_to_array(i.allowed, '|'))
    returning m.id, m.account_id, m.to_number, m.from_number, m.credits, m.run_id,
              m.phone_number_id, m.subscriber_id, m.status, m.error_code
  ),
  ${STATUS_EVENTS_SQL}
  select id, account_id, to_number, credits, run_id, phone_number_id from upd`;
const MAX_WAIT_MS = 2;

/**
 * Status callbacks arrive by the thousand per second. Each one written in its own transaction
 * costs a WAL flush; gathering the callbacks of a couple of milliseconds into one UPDATE costs
 * one. Every caller still waits for its own row's commit before answering the carrier, so nothing
 * acknowledged is lost. The compare-and-set (status must be one it may move from) keeps it
 * monotonic even when batches overlap: a second UPDATE of the same row waits for the first and
 * re-checks the condition against the committed status.
 */
export class StatusBatcher {
  private batch: Pending[] = [];
  private ids = new Set<number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  apply(update: StatusUpdate): Promise<UpdateResult> {
    return new Promise((resolve, reject) => {
      // The same message twice in one UPDATE would apply only one of them: start a new batch.
      if (this.ids.has(update.id)) this.flush();
      this.batch.push({ ...update, resolve, reject });
      this.ids.add(update.id);
      if (this.batch.length >= MAX_BATCH) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS);
    });
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.batch;
    this.batch = [];
    this.ids = new Set();
    if (batch.length > 0) void this.write(batch);
  }

  private async write(batch: Pending[]) {
    try {
      const results = await this.update(batch);
      for (const item of batch) item.resolve(results.get(item) ?? { kind: "ignored" });
    } catch (err) {
      for (const item of batch) item.reject(err);
    }
  }

  private async update(batch: Pending[]): Promise<Map<Pending, UpdateResult>> {
    // Plain parameterised SQL: whole arrays go to unnest() as single parameters.
    const { rows } = await updateMessagesInIdOrder<{
      id: string;
      account_id: number;
      to_number: string;
      credits: number;
      run_id: string | null;
      phone_number_id: number | null;
    }>(
      this.db.$client,
      batch.map((b) => b.id),
      BATCH_UPDATE,
      [
        batch.map((b) => b.id),
        batch.map((b) => b.sid),
        batch.map((b) => b.status),
        batch.map((b) => b.errorCode),
        batch.map((b) => allowedFrom(b.status).join("|")),
      ],
    );
    const results = new Map<Pending, UpdateResult>();
    const applied = new Map(rows.map((r) => [Number(r.id), r]));
    const rest: Pending[] = [];
    for (const item of batch) {
      const row = applied.get(item.id);
      if (row)
        results.set(item, {
          kind: "applied",
          accountId: row.account_id,
          toNumber: row.to_number,
          credits: row.credits,
          runId: row.run_id === null ? null : Number(row.run_id),
          phoneNumberId: row.phone_number_id,
        });
      else rest.push(item);
    }
    if (rest.length > 0) {
      // Not applied: a repeat or a late status (ignored), or a message we do not know (unknown).
      const sids = await carrierSidsOf(
        this.db.$client,
        rest.map((r) => r.id),
      );
      for (const item of rest) {
        const sid = sids.get(item.id);
        const isKnown = sids.has(item.id) && (sid === null || sid === item.sid);
        results.set(item, isKnown ? { kind: "ignored" } : { kind: "unknown" });
      }
    }
    return results;
  }
}
