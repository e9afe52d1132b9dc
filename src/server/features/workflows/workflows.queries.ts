import type { Queryable } from "../../db/queryable";
import { ENGINE_NOW_SQL } from "../automations/clock";

/** The workflow's canvas layout as stored (undefined: no such workflow). */
export async function layoutOf(db: Queryable, accountId: number, id: number): Promise<unknown> {
  const r = await db.query<{ layout: unknown }>(
    `select layout from automations where id = $1 and account_id = $2`,
    [id, accountId],
  );
  return r.rows[0]?.layout;
}

export async function setLayout(
  db: Queryable,
  accountId: number,
  id: number,
  layout: unknown,
): Promise<void> {
  await db.query(`update automations set layout = $3 where id = $1 and account_id = $2`, [
    id,
    accountId,
    JSON.stringify(layout),
  ]);
}

/** Whether another workflow of the account has this name (case aside). */
export async function workflowNameUsed(
  db: Queryable,
  accountId: number,
  name: string,
  excludeId: number,
): Promise<boolean> {
  const r = await db.query(
    `select 1 from automations
      where account_id = $1 and kind = 'workflow' and lower(name) = lower($2) and id <> $3`,
    [accountId, name, excludeId],
  );
  return (r.rowCount ?? 0) !== 0;
}

/** The account's subscriber with this phone: consent and whether the number is suppressed. */
export async function testPerson(db: Queryable, accountId: number, phone: string) {
  const who = await db.query<{ id: string; consent: boolean; suppressed: boolean }>(
    `select s.id, s.marketing_consent_at is not null as consent,
            exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone) as suppressed
       from subscribers s where s.account_id = $1 and s.phone = $2`,
    [accountId, phone],
  );
  return who.rows[0];
}

/** Ends the person's earlier test run of the workflow. */
export async function stopTestRun(
  db: Queryable,
  automationId: number,
  subscriberId: number,
): Promise<void> {
  await db.query(
    `update automation_runs set status = 'exited', exit_reason = 'stopped', due_at = null,
              finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
        where automation_id = $1 and subscriber_id = $2 and status = 'active' and test`,
    [automationId, subscriberId],
  );
}

/** A test run due now; undefined when the person is inside already. */
export async function insertTestRun(
  db: Queryable,
  accountId: number,
  automationId: number,
  version: number,
  subscriberId: number,
): Promise<string | undefined> {
  const r = await db.query<{ id: string }>(
    `insert into automation_runs (account_id, automation_id, version, subscriber_id, step_id, due_at, entered_at, test)
       values ($1, $2, $3, $4, null, ${ENGINE_NOW_SQL}, ${ENGINE_NOW_SQL}, true)
       on conflict do nothing returning id`,
    [accountId, automationId, version, subscriberId],
  );
  return r.rows[0]?.id;
}

/** The account's subscriber by id or by phone. */
export async function findSubscriberId(
  db: Queryable,
  accountId: number,
  by: { id: number } | { phone: string | null },
): Promise<string | undefined> {
  const r = await db.query<{ id: string }>(
    `select id from subscribers where account_id = $1 and ${"id" in by ? "id = $2" : "phone = $2"}`,
    [accountId, "id" in by ? by.id : by.phone],
  );
  return r.rows[0]?.id;
}
