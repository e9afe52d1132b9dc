import { runLoops } from "../../background/loop";
import { PIPELINE_LOOPS } from "../../background/registry";
import type { AppContext } from "../../http/context";
import { Dispatcher } from "../outbound/dispatcher";
import { listenForWork } from "../outbound/wake";

export interface Pipeline {
  stop(): Promise<void>;
}

/**
 * The send pipeline of this process: the dispatcher (every outgoing message → carrier) and the
 * pipeline's claim loops (background/registry.ts: scheduler, fan-out, events, webhooks, voice,
 * automations, integrations), each working while there is work, woken by a PostgreSQL notice
 * when another process adds some, and polling when idle. Every step's state is in PostgreSQL,
 * so any number of processes may run it side by side, and one that dies leaves nothing half done.
 */
export function startPipeline(ctx: AppContext): Pipeline {
  const dispatcher = new Dispatcher(ctx);
  dispatcher.start();
  const loops = runLoops(ctx, PIPELINE_LOOPS, { onWake: () => dispatcher.wake() });
  const unlisten = listenForWork(ctx, loops.wake);

  return {
    async stop() {
      await unlisten();
      await Promise.allSettled([loops.stop(), dispatcher.stop()]);
    },
  };
}
