import type { AppContext } from "../../http/context";
import { dispatchBatch } from "./dispatcher";
import { fanOutNextRun } from "./fan-out";
import { onPipelineWake } from "./pipeline-signal";
import { completeFinishedRuns, startDueSends } from "./scheduler";

const IDLE_POLL_MS = 1000;
const DISPATCH_BATCH = 500;

export interface Pipeline {
  stop(): Promise<void>;
}

/**
 * The send pipeline of this process: the scheduler (due sends → runs), fan-out (run → one
 * delivery per recipient) and dispatch (deliveries → carrier), each a loop that works while
 * there is work and polls when idle. Every step's state is in PostgreSQL, so any number of
 * processes may run it side by side, and one that dies leaves nothing half done.
 */
export function startPipeline(ctx: AppContext): Pipeline {
  let stopped = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  const unsubscribe = onPipelineWake(wakeAll);

  const loop = async (name: string, step: () => Promise<boolean>) => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await step();
      } catch (err) {
        if (stopped) break;
        console.error(`send pipeline ${name}:`, err instanceof Error ? err.message : err);
        await sleep(IDLE_POLL_MS);
      }
      if (!busy && !stopped) await sleep(IDLE_POLL_MS);
    }
  };

  const loops = [
    loop("scheduler", async () => {
      const started = await startDueSends(ctx);
      await completeFinishedRuns(ctx);
      if (started) wakeAll();
      return started > 0;
    }),
    loop("fan-out", async () => {
      const result = await fanOutNextRun(ctx);
      if (result.kind === "done") wakeAll();
      return result.kind !== "idle";
    }),
    loop("dispatch", async () => (await dispatchBatch(ctx, DISPATCH_BATCH)) > 0),
  ];

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      wakeAll();
      await Promise.allSettled(loops);
    },
  };
}
