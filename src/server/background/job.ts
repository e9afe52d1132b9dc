import type { z } from "zod";
import type { AppContext } from "../http/context";

/**
 * A job's queue: its name and the shape of what is queued on it. Declared in the feature's
 * `*.job.ts` next to the handler; a service that queues work imports the queue, never the
 * runner.
 */
export interface Queue<T> {
  name: string;
  payload: z.ZodType<T>;
}

/**
 * Background work that pg-boss runs once per queued payload (or on a cron schedule) in a worker
 * process (`--role=worker` or `all`): a file `<feature>/<name>.job.ts`, listed in
 * background/registry.ts.
 */
export interface Job<T = unknown> {
  queue: Queue<T>;
  /** A cron expression (UTC): the job also runs on this schedule, with an empty payload. */
  cron?: string;
  /**
   * How often an idle worker looks for this queue's jobs (pg-boss's default: 2 s; at least 0.5):
   * shorter where someone waits on the screen for the result.
   */
  pollSeconds?: number;
  /** Thin: calls the feature's service. Runs outside any account's scope (asSystem). */
  handler(ctx: AppContext, data: T): Promise<void>;
}

export function defineQueue<T>(name: string, payload: z.ZodType<T>): Queue<T> {
  return { name, payload };
}

export function defineJob<T>(job: Job<T>): Job<T> {
  return job;
}
