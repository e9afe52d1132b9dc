import type { PgBoss } from "pg-boss";
import type { Queue } from "./job";

/**
 * Where services queue jobs. Kept apart from jobs.ts (which imports every job, and so every
 * service that queues one) so that a service importing this never forms an import cycle.
 */
let running: PgBoss | undefined;

export function setQueue(boss: PgBoss | undefined) {
  running = boss;
}

/**
 * Queues a job for the workers, its payload checked against the queue's shape first (a wrong
 * payload is a bug of the caller: it throws here, not later in a worker). Returns false when
 * this process has no job queue (API tests build the app alone): the caller then runs the work
 * itself or leaves it queued.
 */
export async function enqueue<T>(queue: Queue<T>, data: T): Promise<boolean> {
  const payload = queue.payload.parse(data);
  if (!running) return false;
  await running.send(queue.name, payload as object);
  return true;
}
