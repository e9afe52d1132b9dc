import { PgBoss } from "pg-boss";
import { asSystem } from "../db/tenant-scope";
import type { AppContext } from "../http/context";
import { log } from "../log";
import type { Job } from "./job";
import { JOBS_SCHEMA, upgradeJobSchema } from "./jobs-carry";
import { setQueue } from "./queue";

/**
 * pg-boss on the application database. Every role can queue; only worker processes
 * (--role=worker or all) run handlers and the cron clock. A payload that does not have its
 * queue's shape is logged and dropped (retrying it cannot help). A database that pg-boss 10 used
 * is brought to pg-boss 12 first (jobs-carry.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: a list of jobs of different payloads
export async function startJobs(ctx: AppContext, url: string, jobs: Job<any>[], work: boolean) {
  const carried = await upgradeJobSchema(url);
  if (carried)
    log.info({ component: "jobs", ...carried }, "pg-boss 10's work carried to pg-boss 12");
  const boss = new PgBoss({
    connectionString: url,
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: "parley-jobs",
    schedule: work,
    supervise: work,
  });
  boss.on("error", (err: Error & { code?: string }) => {
    // 57P01: PostgreSQL is shutting down (Ctrl+C reaches it too); not worth a line.
    if (err.code !== "57P01") log.error({ component: "jobs", err }, "pg-boss error");
  });
  await boss.start();
  for (const job of jobs) {
    const { name, payload } = job.queue;
    await boss.createQueue(name);
    if (!work) continue;
    if (job.cron) await boss.schedule(name, job.cron);
    const options = { pollingIntervalSeconds: job.pollSeconds ?? 2 };
    await boss.work(name, options, async ([first]) => {
      const data = payload.safeParse(first?.data ?? {});
      if (!data.success) {
        log.error({ component: "jobs", job: name, issues: data.error.issues }, "malformed payload");
        return;
      }
      await asSystem(() => job.handler(ctx, data.data));
    });
  }
  setQueue(boss);
  return boss;
}
