import pg from "pg";
import { type JobInsert, PgBoss, type Queue } from "pg-boss";

/** The schema pg-boss keeps its queues in, in the application's database. */
export const JOBS_SCHEMA = "pgboss";

/**
 * Where pg-boss 10's schema is moved aside while its work is carried over: pg-boss 12 migrates
 * only from pg-boss 11's schema (version 25) on, and 10 left version 24.
 */
export const PREVIOUS_JOBS_SCHEMA = "pgboss_v10";
const OLDEST_MIGRATABLE = 25;

/** Any number, the same in every process: they all start pg-boss on the same database. */
const UPGRADE_LOCK = 7_262_017_330;

/** The jobs still to run; finished ones are pg-boss's history, which it deletes by itself. */
const WAITING = ["created", "retry", "active"];

type Row = Record<string, string | null>;

export interface Carried {
  queues: number;
  schedules: number;
  jobs: number;
}

/**
 * Brings a database that pg-boss 10 used to pg-boss 12: the old schema is renamed, pg-boss 12
 * installs its own, and the queues (with their options), schedules and waiting jobs are made again
 * through its API; the old schema is dropped once that succeeded. Every process runs this before
 * starting pg-boss: a lock lets one do the work while the others wait, and a process that stopped
 * half way leaves the renamed schema, which the next start carries over again.
 */
export async function upgradeJobSchema(url: string): Promise<Carried | undefined> {
  const client = new pg.Client({ connectionString: url, application_name: "parley-jobs" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [UPGRADE_LOCK]);
    const { rows } = await client.query<{ current: boolean; previous: boolean }>(
      `select to_regclass($1) is not null as current, to_regnamespace($2) is not null as previous`,
      [`${JOBS_SCHEMA}.version`, PREVIOUS_JOBS_SCHEMA],
    );
    if (rows[0]!.current) {
      const version = await client.query<{ version: number }>(
        `select max(version) as version from ${JOBS_SCHEMA}.version`,
      );
      const found = version.rows[0]?.version;
      if (found != null && found < OLDEST_MIGRATABLE) {
        if (rows[0]!.previous) {
          throw new Error(
            `both ${JOBS_SCHEMA} (pg-boss schema ${found}) and ${PREVIOUS_JOBS_SCHEMA} exist: drop the one that is not in use`,
          );
        }
        await client.query(`alter schema ${JOBS_SCHEMA} rename to ${PREVIOUS_JOBS_SCHEMA}`);
        rows[0]!.previous = true;
      }
    }
    if (!rows[0]!.previous) return undefined;
    const carried = await carryJobs(url, PREVIOUS_JOBS_SCHEMA);
    await client.query(`drop schema ${PREVIOUS_JOBS_SCHEMA} cascade`);
    return carried;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Makes the queues, schedules and waiting jobs held in the tables `queue`, `schedule` and `job` of
 * schema `from` (pg-boss 10's or 12's columns, typed or as text) again in pg-boss's own schema,
 * through its API. A queue that exists already is dropped first, with its jobs, so that it takes
 * the options it had. Jobs keep their ids; an active job (its worker gone) is queued again.
 */
export async function carryJobs(url: string, from: string): Promise<Carried> {
  const client = new pg.Client({ connectionString: url, application_name: "parley-jobs" });
  await client.connect();
  let queues: Row[];
  let schedules: Row[];
  let jobs: Row[];
  try {
    const read = async (table: string, where = "true", cast = "") => {
      const name = `${client.escapeIdentifier(from)}.${client.escapeIdentifier(table)}`;
      const present = await client.query("select to_regclass($1) is not null as p", [name]);
      if (!present.rows[0].p) return [];
      // Every value as text, whatever the column's type here (typed, or text loaded from a
      // backup), so both sources read the same; JSON and times are written out alike first.
      const r = await client.query<{ row: Row }>(
        `select (select jsonb_object_agg(key, value #>> '{}')
                   from jsonb_each(to_jsonb(t) || jsonb_build_object(${cast}))) as row
           from ${name} t where ${where}`,
      );
      return r.rows.map((x) => x.row);
    };
    queues = await read("queue");
    schedules = await read("schedule", "true", "'data', t.data::text, 'options', t.options::text");
    jobs = await read(
      "job",
      `state::text in (${WAITING.map((s) => `'${s}'`).join(", ")})`,
      "'data', t.data::text, 'start_after', t.start_after::text::timestamptz",
    );
  } finally {
    await client.end().catch(() => {});
  }

  const boss = new PgBoss({
    connectionString: url,
    schema: JOBS_SCHEMA,
    max: 2,
    application_name: "parley-jobs",
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await boss.start();
  try {
    for (const q of queues) {
      if (await boss.getQueue(q.name!)) await boss.deleteQueue(q.name!);
    }
    // A dead-letter queue must exist before the queues that send to it.
    let left = queues;
    const made = new Set<string>();
    while (left.length > 0) {
      const ready = left.filter((q) => !q.dead_letter || made.has(q.dead_letter));
      const next = ready.length > 0 ? ready : left;
      for (const q of next) {
        await boss.createQueue(q.name!, queueOptions(q));
        made.add(q.name!);
      }
      left = left.filter((q) => !next.includes(q));
    }
    for (const s of schedules) {
      if (!made.has(s.name!)) continue;
      const options = s.options ? JSON.parse(s.options) : {};
      await boss.schedule(s.name!, s.cron!, s.data ? JSON.parse(s.data) : undefined, {
        ...options,
        tz: s.timezone ?? options.tz ?? "UTC",
        ...(s.key ? { key: s.key } : {}),
      });
    }
    const byQueue = new Map<string, JobInsert[]>();
    for (const j of jobs) {
      if (!made.has(j.name!)) continue;
      if (!byQueue.has(j.name!)) byQueue.set(j.name!, []);
      byQueue.get(j.name!)!.push(jobInsert(j));
    }
    for (const [name, list] of byQueue) await boss.insert(name, list);
    return { queues: made.size, schedules: schedules.length, jobs: jobs.length };
  } finally {
    await boss.stop({ graceful: false });
  }
}

const int = (v: string | null | undefined) => (v == null || v === "" ? undefined : Number(v));
const bool = (v: string | null | undefined) => (v == null ? undefined : v === "true" || v === "t");

/** pg-boss 10 kept a job's time limit as an interval ("00:15:00", "1 day 02:00:00"). */
function intervalSeconds(v: string | null | undefined): number | undefined {
  const m = v?.match(/^(?:(\d+) days? )?(\d+):(\d+):(\d+)/);
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

function queueOptions(q: Row): Omit<Queue, "name"> {
  const retention = int(q.retention_seconds) ?? mul(int(q.retention_minutes), 60);
  return strip({
    policy: (q.policy ?? undefined) as Queue["policy"],
    partition: bool(q.partition),
    deadLetter: q.dead_letter ?? undefined,
    retryLimit: int(q.retry_limit),
    retryDelay: int(q.retry_delay),
    retryBackoff: bool(q.retry_backoff),
    retryDelayMax: int(q.retry_delay_max),
    expireInSeconds: int(q.expire_seconds),
    retentionSeconds: retention,
    deleteAfterSeconds: int(q.deletion_seconds),
  });
}

function jobInsert(j: Row): JobInsert {
  return strip({
    id: j.id!,
    data: j.data ? JSON.parse(j.data) : undefined,
    priority: int(j.priority),
    retryLimit: int(j.retry_limit),
    retryDelay: int(j.retry_delay),
    retryBackoff: bool(j.retry_backoff),
    retryDelayMax: int(j.retry_delay_max),
    startAfter: j.start_after ? new Date(j.start_after) : undefined,
    singletonKey: j.singleton_key ?? undefined,
    expireInSeconds: int(j.expire_seconds) ?? intervalSeconds(j.expire_in),
    deadLetter: j.dead_letter ?? undefined,
  });
}

const mul = (v: number | undefined, by: number) => (v === undefined ? undefined : v * by);

/** Leaves out what the source did not have, so pg-boss applies its defaults. */
function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
