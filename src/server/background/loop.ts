import { asSystem } from "../db/tenant-scope";
import type { AppContext } from "../http/context";
import { log } from "../log";
import { expectedAtShutdown } from "../shutdown";

/**
 * A claim loop: work found in PostgreSQL (due rows claimed with SKIP LOCKED), taken a batch per
 * round while there is some, woken by a notice when another process adds work, polling when
 * idle. A file `<feature>/<name>.loop.ts`, listed in background/registry.ts, run by every worker
 * process side by side: every step's state is in the database, so a process that dies leaves
 * nothing half done.
 */
export interface Loop {
  name: string;
  /**
   * One round: claims and works a batch. True when it found work (the next round starts at
   * once), false when idle (the loop sleeps until woken or the poll). `wake` wakes every loop
   * of the process, for a round that made work for the others (a run started, events relayed).
   */
  step(ctx: AppContext, wake: () => void): Promise<boolean>;
  /** How many rounds run side by side in one process (default 1). */
  instances?: number;
}

export function defineLoop(loop: Loop): Loop {
  return loop;
}

const IDLE_POLL_MS = 1000;

export interface RunningLoops {
  /** Wakes every sleeping loop (a notice of new work, or a round that made some). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs loops until stopped. `ready` is awaited before the first round (what every round needs
 * loaded); `onWake` is told of every wake (the dispatcher, which sleeps on its own).
 */
export function runLoops(
  ctx: AppContext,
  loops: Loop[],
  opts: { ready?: Promise<unknown>; onWake?: () => void } = {},
): RunningLoops {
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
  const wake = () => {
    for (const sleeper of [...sleepers]) sleeper();
    opts.onWake?.();
  };

  const run = async (loop: Loop) => {
    await opts.ready;
    while (!stopped) {
      let busy = false;
      try {
        // A scope of its own per round, so the connection guard sees what this round holds.
        busy = await asSystem(() => loop.step(ctx, wake));
      } catch (err) {
        if (stopped) break;
        if (expectedAtShutdown(err)) {
          log.debug(
            { component: "background", loop: loop.name, err },
            "round cut short by shutdown",
          );
          break;
        }
        log.error({ component: "background", loop: loop.name, err }, "loop round failed");
        await sleep(IDLE_POLL_MS);
      }
      if (!busy && !stopped) await sleep(IDLE_POLL_MS);
    }
  };
  const running = loops.flatMap((loop) =>
    Array.from({ length: loop.instances ?? 1 }, () => run(loop)),
  );

  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await Promise.allSettled(running);
    },
  };
}
