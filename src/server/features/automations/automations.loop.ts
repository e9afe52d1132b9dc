import { defineLoop } from "../../background/loop";
import { automationTurn } from "./engine-loop";

/**
 * Automations: due timers (drip steps, waits) and date-field entries. Two rounds side by side:
 * while one batch waits on PostgreSQL (its claim, its writes) the other walks its runs; SKIP
 * LOCKED keeps them on different runs (bench/automations.mjs: ~1.5-1.9x the timers per second).
 */
export const automationsLoop = defineLoop({
  name: "automations",
  instances: 2,
  step: (ctx) => automationTurn(ctx),
});
