import type { AppContext } from "../../http/context";
import { twilioSettings } from "../credentials";
import type { PlannedEvent } from "./messages.service";
import { API_VERSION } from "./twilio-resources";
import { emulatorLog, postSignedForm } from "./webhooks";

/**
 * Posts the planned status callbacks of outbound messages (emu_messages.pending_events).
 *
 * The table is the queue: a tick claims due rows with FOR UPDATE SKIP LOCKED and, in the same
 * statement, leases them (next_event_at moves LEASE_SECONDS ahead), so several processes can run
 * this loop side by side and a process that dies mid-post only delays its rows until the lease
 * runs out (the callback may then come twice; receivers are idempotent, as with Twilio).
 * Posts run outside any transaction with bounded concurrency; finished rows are written back in
 * one batched UPDATE on the next tick. A failed callback is retried with backoff, then dropped.
 */
const CONCURRENCY = 200;
const LEASE_SECONDS = 60;
const IDLE_MS = 50;
const BUSY_MS = 5;
const MAX_ATTEMPTS = 5;
const BACKOFF_MS = 500;

interface ClaimedRow {
  sid: string;
  from_number: string;
  to_number: string;
  status: string;
  error_code: number | null;
  status_callback: string | null;
  pending_events: PlannedEvent[];
}

interface Progress {
  sid: string;
  status: string;
  errorCode: number | null;
  pending: PlannedEvent[];
  nextAt: string | null;
}

export interface EmulatorDispatcher {
  stop(): Promise<void>;
}

export function startEmulatorDispatcher(ctx: AppContext): EmulatorDispatcher {
  const pool = ctx.db.$client;
  const { accountSid, authToken } = twilioSettings(ctx);
  const inFlight = new Set<Promise<void>>();
  const finished: Progress[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const { rows } = await pool.query<ClaimedRow>(
      `update emu_messages m
          set next_event_at = now() + make_interval(secs => $2)
         from (select sid from emu_messages
                where next_event_at <= now()
                order by next_event_at
                limit $1
                for update skip locked) due
        where m.sid = due.sid
       returning m.sid, m.from_number, m.to_number, m.status, m.error_code,
                 m.status_callback, m.pending_events`,
      [limit, LEASE_SECONDS],
    );
    return rows;
  }

  async function flush() {
    if (finished.length === 0) return;
    const batch = finished.splice(0);
    await pool.query(
      `update emu_messages m
          set status = u.status, error_code = u.error_code,
              pending_events = u.pending, next_event_at = u.next_at
         from unnest($1::text[], $2::text[], $3::int[], $4::jsonb[], $5::timestamptz[])
              as u(sid, status, error_code, pending, next_at)
        where m.sid = u.sid`,
      [
        batch.map((p) => p.sid),
        batch.map((p) => p.status),
        batch.map((p) => p.errorCode),
        batch.map((p) => JSON.stringify(p.pending)),
        batch.map((p) => p.nextAt),
      ],
    );
  }

  /** Posts every due step of one message, in order; stops at a failure, to retry it later. */
  async function deliver(row: ClaimedRow): Promise<Progress> {
    const pending = [...row.pending_events];
    let reached: PlannedEvent | undefined;
    // The first step is due (that is why the row was claimed); later ones once their time came.
    while (pending[0] && (!reached || Date.parse(pending[0].at) <= ctx.clock.now().getTime())) {
      const step: PlannedEvent = pending[0];
      reached = step;
      const outcome = row.status_callback
        ? await postSignedForm(row.status_callback, callbackParams(row, step), authToken)
        : ({ ok: true } as const);
      if (!outcome.ok) {
        const attempts = (step.attempts ?? 0) + 1;
        if (attempts < MAX_ATTEMPTS) {
          pending[0] = { ...step, attempts };
          return progress(
            row,
            step,
            pending,
            ctx.clock.now().getTime() + BACKOFF_MS * 2 ** (attempts - 1),
          );
        }
        emulatorLog(
          ctx.config,
          `status callback "${step.status}" of ${row.sid} dropped after ${attempts} attempts (${outcome.reason}): ${row.status_callback}`,
        );
      }
      pending.shift();
    }
    return progress(row, reached, pending, pending[0] ? Date.parse(pending[0].at) : null);
  }

  function callbackParams(row: ClaimedRow, step: PlannedEvent): Record<string, string> {
    const params: Record<string, string> = {
      MessageSid: row.sid,
      SmsSid: row.sid,
      AccountSid: accountSid,
      From: row.from_number,
      To: row.to_number,
      MessageStatus: step.status,
      SmsStatus: step.status,
      ApiVersion: API_VERSION,
    };
    if (step.errorCode != null) params.ErrorCode = String(step.errorCode);
    return params;
  }

  async function tick() {
    try {
      await flush();
      const room = CONCURRENCY - inFlight.size;
      if (room > 0 && !stopped) {
        for (const row of await claim(room)) {
          const job: Promise<void> = deliver(row)
            .then((p) => {
              finished.push(p);
            })
            .catch((err) => emulatorLog(ctx.config, `dispatch of ${row.sid} failed: ${err}`))
            .finally(() => inFlight.delete(job));
          inFlight.add(job);
        }
      }
    } catch (err) {
      emulatorLog(ctx.config, `status dispatcher: ${(err as Error).message}`);
    }
    if (stopped) return;
    const busy = inFlight.size > 0 || finished.length > 0;
    timer = setTimeout(
      () => {
        current = tick();
      },
      busy ? BUSY_MS : IDLE_MS,
    );
  }

  current = tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      await Promise.allSettled([...inFlight]);
      await flush().catch((err) => emulatorLog(ctx.config, `final flush: ${err}`));
    },
  };
}

/** What to write back: the status of the last step reached, and the steps still to come. */
function progress(
  row: ClaimedRow,
  reached: PlannedEvent | undefined,
  pending: PlannedEvent[],
  nextAt: number | null,
): Progress {
  return {
    sid: row.sid,
    status: reached?.status ?? row.status,
    errorCode: reached ? (reached.errorCode ?? null) : row.error_code,
    pending,
    nextAt: nextAt === null ? null : new Date(nextAt).toISOString(),
  };
}
