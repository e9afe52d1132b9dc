import { defineLoop } from "../../background/loop";
import { completeFinishedRuns, startDueSends } from "./scheduler";

/** Due sends become runs; finished runs are closed. A started run wakes fan-out at once. */
export const schedulerLoop = defineLoop({
  name: "scheduler",
  async step(ctx, wake) {
    const started = await startDueSends(ctx);
    await completeFinishedRuns(ctx);
    if (started) wake();
    return started > 0;
  },
});
