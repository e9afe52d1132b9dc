import { defineLoop } from "../../background/loop";
import { fanOutNextRun } from "./fan-out";

/** A run becomes one delivery per recipient, a batch per round; a finished run wakes the rest. */
export const fanOutLoop = defineLoop({
  name: "fan-out",
  async step(ctx, wake) {
    const result = await fanOutNextRun(ctx);
    if (result.kind === "done") wake();
    return result.kind !== "idle";
  },
});
