import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { toE164 } from "../../../domain/phone";
import {
  type apiEnrolRequest,
  WORKFLOW_TEXT,
  type WorkflowDetail,
  type WorkflowLayout,
  workflowLayout,
} from "../../../domain/workflows.schemas";
import type { AppContext } from "../../http/context";
import {
  createAutomation,
  getAutomation,
  setAutomationStatus,
} from "../automations/automations.service";
import { ENGINE_NOW_SQL } from "../automations/clock";
import { enrol } from "../automations/enrol";
import { wakePipeline } from "../outbound/wake";

const NOT_FOUND = () => new AppError("NOT_FOUND", "Workflow not found");

/** A workflow with its canvas layout; a drip or a chatbot id is not a workflow here (404). */
export async function getWorkflow(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<WorkflowDetail> {
  const a = await getAutomation(ctx, actor, id).catch((err) => {
    throw err instanceof AppError && err.code === "NOT_FOUND" ? NOT_FOUND() : err;
  });
  if (a.kind !== "workflow") throw NOT_FOUND();
  const r = await ctx.db.$client.query<{ layout: unknown }>(
    `select layout from automations where id = $1 and account_id = $2`,
    [id, actor.accountId],
  );
  const parsed = workflowLayout.safeParse(r.rows[0]?.layout);
  return { ...a, layout: parsed.success ? parsed.data : null };
}

/** Where the nodes sit: not part of the graph, so moving one is no new version. */
export async function saveLayout(
  ctx: AppContext,
  actor: Actor,
  id: number,
  layout: WorkflowLayout,
): Promise<WorkflowDetail> {
  await getWorkflow(ctx, actor, id);
  await ctx.db.$client.query(
    `update automations set layout = $3 where id = $1 and account_id = $2`,
    [id, actor.accountId, JSON.stringify(layout)],
  );
  return getWorkflow(ctx, actor, id);
}

/** Is this name free among the account's workflows (the form checks as the user types)? */
export async function nameAvailable(
  ctx: AppContext,
  actor: Actor,
  name: string,
  excludeId?: number,
): Promise<boolean> {
  const r = await ctx.db.$client.query(
    `select 1 from automations
      where account_id = $1 and kind = 'workflow' and lower(name) = lower($2) and id <> $3`,
    [actor.accountId, name.trim(), excludeId ?? 0],
  );
  return (r.rowCount ?? 0) === 0;
}

/** A copy as a draft, named "… (copy)", "… (copy 2)" …; its layout too, nobody inside. */
export async function duplicateWorkflow(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<WorkflowDetail> {
  const src = await getWorkflow(ctx, actor, id);
  let name = "";
  for (let i = 1; i < 100; i++) {
    const suffix = i === 1 ? " (copy)" : ` (copy ${i})`;
    name = `${src.name.slice(0, 100 - suffix.length)}${suffix}`;
    if (await nameAvailable(ctx, actor, name)) break;
  }
  const copy = await createAutomation(ctx, actor, {
    kind: "workflow",
    name,
    trigger: src.trigger,
    graph: src.graph,
    phoneNumberId: src.phoneNumberId,
    exitOnReply: src.exitOnReply,
    exitOnGroupLeave: src.exitOnGroupLeave,
  });
  if (src.layout) return saveLayout(ctx, actor, copy.id, src.layout);
  return getWorkflow(ctx, actor, copy.id);
}

/** Publish = the current version becomes what new people enter (validated by setAutomationStatus). */
export async function publishWorkflow(ctx: AppContext, actor: Actor, id: number) {
  await getWorkflow(ctx, actor, id);
  await setAutomationStatus(ctx, actor, id, "active");
  return getWorkflow(ctx, actor, id);
}

/**
 * A test run: one virtual phone (a subscriber with consent) walks the current version now, even
 * while the workflow is a draft. It texts through the same outbound path as any run, and is
 * kept out of the report. A second test of the same phone replaces the first.
 */
export async function testRun(ctx: AppContext, actor: Actor, id: number, phoneInput: string) {
  const wf = await getWorkflow(ctx, actor, id);
  const phone = toE164(phoneInput);
  if (!phone) throw new AppError("VALIDATION", WORKFLOW_TEXT.phoneInvalid);
  const db = ctx.db.$client;
  const who = await db.query<{ id: string; consent: boolean; suppressed: boolean }>(
    `select s.id, s.marketing_consent_at is not null as consent,
            exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone) as suppressed
       from subscribers s where s.account_id = $1 and s.phone = $2`,
    [actor.accountId, phone],
  );
  const person = who.rows[0];
  if (!person?.consent || person.suppressed)
    throw new AppError("VALIDATION", WORKFLOW_TEXT.notSubscriber);
  const subscriberId = Number(person.id);
  const client = await db.connect();
  try {
    await client.query("begin");
    await client.query(
      `update automation_runs set status = 'exited', exit_reason = 'stopped', due_at = null,
              finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
        where automation_id = $1 and subscriber_id = $2 and status = 'active' and test`,
      [id, subscriberId],
    );
    const r = await client.query<{ id: string }>(
      `insert into automation_runs (account_id, automation_id, version, subscriber_id, step_id, due_at, entered_at, test)
       values ($1, $2, $3, $4, null, ${ENGINE_NOW_SQL}, ${ENGINE_NOW_SQL}, true)
       on conflict do nothing returning id`,
      [actor.accountId, id, wf.version, subscriberId],
    );
    if (!r.rows[0]) throw new AppError("CONFLICT", WORKFLOW_TEXT.alreadyInside);
    await wakePipeline(client);
    await client.query("commit");
    return { runId: Number(r.rows[0].id), subscriberId, phone };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The "API call" trigger: a running workflow that starts on an API call takes this subscriber. */
export async function enrolByApi(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: z.infer<typeof apiEnrolRequest>,
) {
  const wf = await getWorkflow(ctx, actor, id);
  if (wf.trigger.type !== "api") throw new AppError("VALIDATION", WORKFLOW_TEXT.notApiTrigger);
  if (wf.status !== "active") throw new AppError("CONFLICT", WORKFLOW_TEXT.notRunning);
  const db = ctx.db.$client;
  const phone = body.phone === undefined ? null : toE164(body.phone);
  if (body.phone !== undefined && !phone)
    throw new AppError("VALIDATION", WORKFLOW_TEXT.phoneInvalid);
  const r = await db.query<{ id: string }>(
    `select id from subscribers where account_id = $1 and ${
      body.subscriberId !== undefined ? "id = $2" : "phone = $2"
    }`,
    [actor.accountId, body.subscriberId ?? phone],
  );
  const found = r.rows[0];
  if (!found) throw new AppError("NOT_FOUND", "Subscriber not found");
  const subscriberId = Number(found.id);
  const entered = (await enrol(db, [{ automationId: id, subscriberId }])) > 0;
  return { entered, subscriberId };
}
