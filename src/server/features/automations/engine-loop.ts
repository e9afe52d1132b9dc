import type { AppContext } from "../../http/context";
import type { EventConsumer } from "../events/event-relay";
import { sqlOf } from "./automations.queries";
import { runDueSteps } from "./engine";
import { ENGINE_EVENT_TYPES, handleEngineEvents, scanDateTriggers } from "./enrol";

export { sqlOf };

const DATE_SCAN_EVERY_MS = 60_000;
// A duration (performance.now()), not a time of day; -Infinity: the first turn scans.
let lastDateScan = Number.NEGATIVE_INFINITY;

/**
 * One turn of the automation engine in the send pipeline: due timers first (batches of
 * AUTOMATION_BATCH until none is due), the date-field triggers once a minute. True while there
 * was work.
 */
export async function automationTurn(ctx: AppContext): Promise<boolean> {
  if (performance.now() - lastDateScan > DATE_SCAN_EVERY_MS) {
    lastDateScan = performance.now();
    await scanDateTriggers(ctx.db.$client);
  }
  return (await runDueSteps(ctx, ctx.config.AUTOMATION_BATCH)) > 0;
}

/** The `automations` consumer of the account events (declared in automations/feature.ts). */
export const automationsConsumer: EventConsumer = {
  types: ENGINE_EVENT_TYPES,
  handle: (_ctx, tx, events) => handleEngineEvents(sqlOf(tx), events),
};
