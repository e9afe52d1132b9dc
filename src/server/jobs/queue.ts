import type PgBoss from "pg-boss";

/**
 * Where services queue jobs. Kept apart from boss.ts (which imports every job, and so every
 * service that queues one) so that a service importing this never forms an import cycle.
 */
let running: PgBoss | undefined;

export function setQueue(boss: PgBoss | undefined) {
  running = boss;
}

/**
 * Queues a job for the workers. Returns false when this process has no job queue (API tests
 * build the app alone): the caller then runs the work itself or leaves it queued.
 */
export async function enqueue(name: string, data: object): Promise<boolean> {
  if (!running) return false;
  await running.send(name, data);
  return true;
}
