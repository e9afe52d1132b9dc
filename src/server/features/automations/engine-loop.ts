import type { AppContext } from "../../http/context";
import { runDueSteps } from "./engine";
import { scanDateTriggers } from "./enrol";

const DATE_SCAN_EVERY_MS = 60_000;
let lastDateScan = 0;

/**
 * One turn of the automation engine in the send pipeline: due timers first (batches of 500 until
 * none is due), the date-field triggers once a minute. True while there was work.
 */
export async function automationTurn(ctx: AppContext): Promise<boolean> {
  if (Date.now() - lastDateScan > DATE_SCAN_EVERY_MS) {
    lastDateScan = Date.now();
    await scanDateTriggers(ctx.db.$client);
  }
  return (await runDueSteps(ctx)) > 0;
}
