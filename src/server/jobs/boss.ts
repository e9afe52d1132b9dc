import PgBoss from "pg-boss";
import { asSystem } from "../db/tenant-scope";
import { autoTopupJob } from "../features/billing/auto-topup";
import { billingCycleJob } from "../features/billing/billing-cycle";
import { reportExportJob } from "../features/growth-reports/report-export.job";
import { subscribersExportJob } from "../features/subscriber-exports/subscribers-export.job";
import { subscribersImportJob } from "../features/subscriber-imports/subscribers-import.job";
import { webinarRemindersJob } from "../features/webinars/webinar-reminders.job";
import type { AppContext } from "../http/context";
import { log } from "../log";
import { messagePartitionsJob } from "./message-partitions.job";
import { setQueue } from "./queue";
import { sessionsPurgeJob } from "./sessions-purge.job";

/** A job: a name, an optional cron, and a thin handler that calls a service. */
export interface JobDefinition {
  name: string;
  cron?: string;
  /** `data` is what was enqueued with the job (cron jobs get none). */
  handler(ctx: AppContext, data?: unknown): Promise<void>;
}

const JOBS: JobDefinition[] = [
  sessionsPurgeJob,
  messagePartitionsJob,
  subscribersImportJob,
  subscribersExportJob,
  reportExportJob,
  billingCycleJob,
  webinarRemindersJob,
  autoTopupJob,
];

/**
 * pg-boss on the application database. Every role can enqueue; only worker processes
 * (--role=worker or all) run handlers and the cron clock.
 */
export async function startJobs(ctx: AppContext, url: string, opts: { work: boolean }) {
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    max: 4,
    application_name: "parley-jobs",
    schedule: opts.work,
    supervise: opts.work,
  });
  boss.on("error", (err: Error & { code?: string }) => {
    // 57P01: PostgreSQL is shutting down (Ctrl+C reaches it too); not worth a line.
    if (err.code !== "57P01") log.error({ component: "jobs", err }, "pg-boss error");
  });
  await boss.start();
  for (const job of JOBS) {
    await boss.createQueue(job.name);
    if (!opts.work) continue;
    if (job.cron) await boss.schedule(job.name, job.cron);
    await boss.work(job.name, async ([first]) => {
      await asSystem(() => job.handler(ctx, first?.data));
    });
  }
  setQueue(boss);
  return boss;
}
