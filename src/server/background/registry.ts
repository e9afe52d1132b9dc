import { registerEventHandler } from "../features/events/event-relay";
import { FEATURES } from "../features/index";
import type { Job } from "./job";
import type { Loop } from "./loop";

/**
 * Every job (`*.job.ts`): queued work and schedules, run by pg-boss in worker processes. Each
 * feature lists its own in its feature.ts.
 */
// biome-ignore lint/suspicious/noExplicitAny: a list of jobs of different payloads
export const JOBS: Job<any>[] = FEATURES.flatMap((f) => f.jobs ?? []);

/**
 * The send pipeline's claim loops (`*.loop.ts`), run with the dispatcher by every worker
 * process unless SEND_PIPELINE=off: everything that moves a text, a call or an event.
 */
export const PIPELINE_LOOPS: Loop[] = FEATURES.flatMap((f) => f.pipelineLoops ?? []);

/** The other loops every worker process runs. */
export const WORKER_LOOPS: Loop[] = FEATURES.flatMap((f) => f.workerLoops ?? []);

/** The consumers of the account-events outbox, by name (each a row of account_event_consumers). */
export const EVENT_CONSUMERS = FEATURES.flatMap((f) =>
  Object.entries(f.eventConsumers ?? {}).map(([name, consumer]) => ({
    name,
    types: consumer.types,
    handler: consumer.handle,
    feature: f.name,
  })),
);

// The relay (the pipeline's `events` loop) finds its consumers here: registered once this module
// is loaded, in every process that may run it (worker processes, and the tests' servers).
for (const { name, handler } of EVENT_CONSUMERS) registerEventHandler(name, handler);
