import { Param, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import type { AppContext } from "../../http/context";
import type { EventHandler } from "../events/event-relay";
import { runDueSteps } from "./engine";
import { handleEngineEvents, type Sql, scanDateTriggers } from "./enrol";

const DATE_SCAN_EVERY_MS = 60_000;
// A duration (performance.now()), not a time of day; -Infinity: the first turn scans.
let lastDateScan = Number.NEGATIVE_INFINITY;

/**
 * One turn of the automation engine in the send pipeline: due timers first (batches of 500 until
 * none is due), the date-field triggers once a minute. True while there was work.
 */
export async function automationTurn(ctx: AppContext): Promise<boolean> {
  if (performance.now() - lastDateScan > DATE_SCAN_EVERY_MS) {
    lastDateScan = performance.now();
    await scanDateTriggers(ctx.db.$client);
  }
  return (await runDueSteps(ctx, ctx.config.AUTOMATION_BATCH)) > 0;
}

/** The relay's transaction as the engine's `query(text, params)` ($1… become bound parameters). */
export function sqlOf(tx: Executor): Sql {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql`${new Param(params[Number(m[1]) - 1])}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const r = await tx.execute(sql.join(chunks));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? null };
    },
  };
}

/** The `automations` consumer of the account events (declared in automations/feature.ts). */
export const automationsConsumer: EventHandler = (_ctx, tx, events) =>
  handleEngineEvents(sqlOf(tx), events);
