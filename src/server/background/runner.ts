import { startPipeline } from "../features/sends/pipeline";
import type { AppContext } from "../http/context";
import { startJobs } from "./jobs";
import { runLoops } from "./loop";
import { JOBS, WORKER_LOOPS } from "./registry";

/**
 * All background work of a process, by its role: every role can queue jobs; a worker (`worker`
 * or `all`) runs the jobs, the send pipeline (unless SEND_PIPELINE=off) and the other loops.
 * Returns how to stop it, in reverse order of starting.
 */
export async function startBackground(
  ctx: AppContext,
  url: string,
  role: "web" | "worker" | "all",
): Promise<() => Promise<void>> {
  const work = role !== "web";
  const boss = await startJobs(ctx, url, JOBS, work);
  const stops: (() => Promise<unknown>)[] = [
    // Resolves once the running handlers finished (or the timeout passed).
    () => boss.stop({ graceful: true, timeout: 5000 }),
  ];
  if (work && ctx.config.SEND_PIPELINE) stops.unshift(startPipeline(ctx).stop);
  if (work) stops.unshift(runLoops(ctx, WORKER_LOOPS).stop);
  return async () => {
    for (const stop of stops) await stop();
  };
}
