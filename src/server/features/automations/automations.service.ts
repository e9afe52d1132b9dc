import type { Pool, PoolClient } from "pg";
import {
  type AutomationGraph,
  automationGraph,
  UNCHOSEN,
  validateGraph,
} from "../../../domain/automation-graph";
import {
  type AutomationDetail,
  type AutomationInput,
  type AutomationKind,
  type AutomationReport,
  type AutomationSummary,
  type AutomationTrigger,
  automationTrigger,
  type automationUpdate,
  EXIT_REASONS,
} from "../../../domain/automations.schemas";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { claimLabel } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { ENGINE_NOW_SQL } from "./clock";

type Q = Pool | PoolClient;
type UpdateInput = ReturnType<typeof automationUpdate.parse>;

const NOT_FOUND = () => new AppError("NOT_FOUND", "Automation not found");

interface Row {
  id: number;
  kind: AutomationKind;
  name: string;
  status: "draft" | "active" | "paused";
  trigger: unknown;
  version: number;
  graph: unknown;
  phone_number_id: number | null;
  exit_on_reply: boolean;
  exit_on_group_leave: boolean;
  updated_at: Date;
  active: number;
  entered: number;
  completed: number;
  texts: number;
}

const SELECT = `
  select a.id, a.kind, a.name, a.status, a.trigger, a.version, v.graph, a.phone_number_id,
         a.exit_on_reply, a.exit_on_group_leave, a.updated_at,
         coalesce(c.active, 0)::int as active, coalesce(c.entered, 0)::int as entered,
         coalesce(c.completed, 0)::int as completed, coalesce(c.texts, 0)::int as texts
    from automations a
    join automation_versions v on v.automation_id = a.id and v.version = a.version
    left join lateral (
      select count(*) filter (where r.status = 'active') as active, count(*) as entered,
             count(*) filter (where r.status = 'completed') as completed, sum(r.texts) as texts
        from automation_runs r where r.automation_id = a.id and not r.test
    ) c on true`;

function toSummary(r: Row): AutomationSummary {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    status: r.status,
    trigger: automationTrigger.parse(r.trigger),
    version: r.version,
    active: r.active,
    entered: r.entered,
    completed: r.completed,
    texts: r.texts,
    updatedAt: r.updated_at.toISOString(),
  };
}

function toDetail(r: Row): AutomationDetail {
  return {
    ...toSummary(r),
    graph: automationGraph.parse(r.graph),
    phoneNumberId: r.phone_number_id,
    exitOnReply: r.exit_on_reply,
    exitOnGroupLeave: r.exit_on_group_leave,
  };
}

export async function listAutomations(ctx: AppContext, actor: Actor, kind: AutomationKind) {
  const r = await ctx.db.$client.query<Row>(
    `${SELECT} where a.account_id = $1 and a.kind = $2 order by a.updated_at desc, a.id desc`,
    [actor.accountId, kind],
  );
  return { rows: r.rows.map(toSummary) };
}

export async function getAutomation(ctx: AppContext, actor: Actor, id: number) {
  const r = await ctx.db.$client.query<Row>(`${SELECT} where a.account_id = $1 and a.id = $2`, [
    actor.accountId,
    id,
  ]);
  const row = r.rows[0];
  if (!row) throw NOT_FOUND();
  return toDetail(row);
}

/** The references a trigger and its steps make must be this account's (no reaching across). */
async function assertOwnReferences(
  db: Q,
  accountId: number,
  trigger: AutomationTrigger,
  graph: AutomationGraph,
  phoneNumberId: number | null,
) {
  const groups = new Set<number>();
  const fields = new Set<number>();
  const users = new Set<number>();
  if (trigger.type === "group.joined") groups.add(trigger.groupId);
  if (trigger.type === "date_field") fields.add(trigger.fieldId);
  for (const s of graph.steps) {
    if (s.type === "add_group" || s.type === "remove_group") groups.add(s.groupId);
    if (s.type === "set_field") fields.add(s.fieldId);
    if (s.type === "assign") users.add(s.userId);
    if (s.type === "condition" && s.condition.kind === "in_group") groups.add(s.condition.groupId);
    if (s.type === "condition" && s.condition.kind === "field_equals")
      fields.add(s.condition.fieldId);
  }
  const check = async (table: string, ids: Set<number>, what: string) => {
    ids.delete(UNCHOSEN); // a draft's step with nothing chosen yet: publish stops it, not save
    if (!ids.size) return;
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n from ${table} where account_id = $1 and id = any($2::int[])`,
      [accountId, [...ids]],
    );
    if (r.rows[0]?.n !== ids.size)
      throw new AppError("BAD_REQUEST", `Choose a ${what} of this account`);
  };
  await check("groups", groups, "group");
  await check("custom_fields", fields, "custom field");
  await check("users", users, "user");
  if (trigger.type === "keyword.joined" && trigger.keywordId !== null)
    await check("keywords", new Set([trigger.keywordId]), "keyword");
  if (trigger.type === "optin_form.submitted" && trigger.formId !== null)
    await check("optin_forms", new Set([trigger.formId]), "form");
  if (trigger.type === "link.clicked" && trigger.linkId !== null)
    await check("links", new Set([trigger.linkId]), "link");
  if (phoneNumberId !== null) await check("phone_numbers", new Set([phoneNumberId]), "number");
}

/** Workflow names are unique in an account (the form checks them as they are typed). */
async function assertUniqueWorkflowName(db: Q, accountId: number, name: string, id = 0) {
  const r = await db.query(
    `select 1 from automations
      where account_id = $1 and kind = 'workflow' and lower(name) = lower($2) and id <> $3`,
    [accountId, name.trim(), id],
  );
  if (r.rowCount)
    throw new AppError("VALIDATION", "A workflow with this name already exists", {
      fields: { name: "A workflow with this name already exists" },
    });
}

/** A webhook step may not call an internal address (the call itself checks again). */
function assertOutboundUrls(ctx: AppContext, graph: AutomationGraph) {
  for (const s of graph.steps)
    if (s.type === "webhook" && s.url) ctx.outbound.assertAllowedUrl(s.url, `step ${s.id}`);
}

/** A workflow starting on a text with a word another automation already answers (any number). */
async function assertTriggerFree(
  ctx: AppContext,
  accountId: number,
  input: Pick<AutomationInput, "kind" | "name" | "trigger">,
  id: number | null,
) {
  if (input.trigger.type !== "message.received" || input.kind === "chatbot") return;
  await assertNoTriggerConflict(
    ctx,
    accountId,
    {
      kind: "workflow",
      label: claimLabel("workflow", input.name),
      ownerId: id ?? 0,
      phoneNumberId: null,
      words: input.trigger.words,
      match: { kind: "contains" },
    },
    "trigger",
  );
}

export async function createAutomation(ctx: AppContext, actor: Actor, input: AutomationInput) {
  const db = ctx.db.$client;
  assertOutboundUrls(ctx, input.graph);
  await assertOwnReferences(db, actor.accountId, input.trigger, input.graph, input.phoneNumberId);
  await assertTriggerFree(ctx, actor.accountId, input, null);
  if (input.kind === "workflow") await assertUniqueWorkflowName(db, actor.accountId, input.name);
  let id: number;
  const client = await db.connect();
  try {
    await client.query("begin");
    const r = await client.query<{ id: number }>(
      `insert into automations (account_id, kind, name, trigger, phone_number_id, exit_on_reply, exit_on_group_leave)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        actor.accountId,
        input.kind,
        input.name,
        JSON.stringify(input.trigger),
        input.phoneNumberId,
        input.exitOnReply,
        input.exitOnGroupLeave,
      ],
    );
    id = r.rows[0]!.id;
    await client.query(
      `insert into automation_versions (automation_id, version, graph) values ($1, 1, $2)`,
      [id, JSON.stringify(input.graph)],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  // Read back once the connection is released: asking the pool while holding one can wait for good.
  return getAutomation(ctx, actor, id);
}

/**
 * Saves a change. A changed graph is a new version: people inside keep the version they entered
 * unless `moveRuns` (then they continue at the step of the same id, or leave if it is gone).
 */
export async function updateAutomation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
) {
  const current = await getAutomation(ctx, actor, id);
  assertOutboundUrls(ctx, input.graph);
  await assertOwnReferences(
    ctx.db.$client,
    actor.accountId,
    input.trigger,
    input.graph,
    input.phoneNumberId,
  );
  if (current.kind === "workflow")
    await assertUniqueWorkflowName(ctx.db.$client, actor.accountId, input.name, id);
  await assertTriggerFree(ctx, actor.accountId, { ...input, kind: current.kind }, id);
  if (current.status === "active") assertPublishable(input.graph);
  const changed = JSON.stringify(current.graph) !== JSON.stringify(input.graph);
  const client = await ctx.db.$client.connect();
  try {
    await client.query("begin");
    const version = changed ? current.version + 1 : current.version;
    if (changed)
      await client.query(
        `insert into automation_versions (automation_id, version, graph) values ($1, $2, $3)`,
        [id, version, JSON.stringify(input.graph)],
      );
    await client.query(
      `update automations set name = $3, trigger = $4, phone_number_id = $5, exit_on_reply = $6,
              exit_on_group_leave = $7, version = $8, updated_at = now()
        where id = $1 and account_id = $2`,
      [
        id,
        actor.accountId,
        input.name,
        JSON.stringify(input.trigger),
        input.phoneNumberId,
        input.exitOnReply,
        input.exitOnGroupLeave,
        version,
      ],
    );
    if (changed && input.moveRuns) {
      const ids = input.graph.steps.map((s) => s.id);
      await client.query(
        `update automation_runs set version = $2, updated_at = now()
          where automation_id = $1 and status = 'active' and (step_id is null or step_id = any($3::text[]))`,
        [id, version, ids],
      );
      await client.query(
        `update automation_runs set status = 'exited', exit_reason = 'deleted', due_at = null,
                finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
          where automation_id = $1 and status = 'active' and version <> $2`,
        [id, version],
      );
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return getAutomation(ctx, actor, id);
}

function assertPublishable(graph: AutomationGraph) {
  const problems = validateGraph(graph);
  if (problems.length)
    throw new AppError("VALIDATION", problems.map((p) => p.message).join("; "), {
      reason: "invalid_graph",
    });
}

/** Publish (active), pause or back to draft. Paused runs keep their place and their timers. */
export async function setAutomationStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: "draft" | "active" | "paused",
) {
  const current = await getAutomation(ctx, actor, id);
  if (status === "active") assertPublishable(current.graph);
  await ctx.db.$client.query(
    `update automations set status = $3, updated_at = now() where id = $1 and account_id = $2`,
    [id, actor.accountId, status],
  );
  // Timers that came due while paused fire at once on resume (not all at the same instant for a
  // large automation: the engine takes them in batches in due order).
  return getAutomation(ctx, actor, id);
}

export async function deleteAutomation(ctx: AppContext, actor: Actor, id: number) {
  const r = await ctx.db.$client.query(
    `delete from automations where id = $1 and account_id = $2`,
    [id, actor.accountId],
  );
  if (!r.rowCount) throw NOT_FOUND();
}

function stepLabel(graph: AutomationGraph, stepId: string): string {
  const s = graph.steps.find((x) => x.id === stepId);
  if (!s) return stepId;
  if (s.label) return s.label;
  if (s.type === "send") return s.body.length > 40 ? `${s.body.slice(0, 40)}…` : s.body;
  return `${s.type.replace("_", " ")} ${s.id}`;
}

/** Entered, where people wait, completed, exits by reason, and what the texts did. */
export async function automationReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<AutomationReport> {
  const a = await getAutomation(ctx, actor, id);
  const db = ctx.db.$client;
  const [runs, exits, waiting, passed, msgs] = await Promise.all([
    db.query<{
      entered: number;
      active: number;
      completed: number;
      replies: number;
      clicks: number;
    }>(
      `select count(*)::int as entered, count(*) filter (where status = 'active')::int as active,
              count(*) filter (where status = 'completed')::int as completed,
              count(replied_at)::int as replies, count(clicked_at)::int as clicks
         from automation_runs where automation_id = $1 and account_id = $2 and not test`,
      [id, actor.accountId],
    ),
    db.query<{ reason: string; n: number }>(
      `select exit_reason as reason, count(*)::int as n from automation_runs
        where automation_id = $1 and account_id = $2 and not test and status = 'exited' group by 1 order by 2 desc`,
      [id, actor.accountId],
    ),
    db.query<{ step: string; n: number }>(
      `select step_id as step, count(*)::int as n from automation_runs
        where automation_id = $1 and account_id = $2 and not test and status = 'active' and step_id is not null group by 1`,
      [id, actor.accountId],
    ),
    db.query<{ step: string; n: number }>(
      `select l.step_id as step, count(*)::int as n from automation_step_log l
         join automation_runs r on r.id = l.run_id
        where l.automation_id = $1 and r.account_id = $2 and not r.test group by 1`,
      [id, actor.accountId],
    ),
    db.query<{ texts: number; delivered: number; failed: number }>(
      `select count(*)::int as texts,
              count(*) filter (where m.status = 'Delivered')::int as delivered,
              count(*) filter (where m.status in ('Failed', 'Undelivered', 'Queue Failed', 'Stopped Number', 'Blocked'))::int as failed
         from automation_step_log l
         join automation_runs r on r.id = l.run_id
         join messages m on m.id = l.message_id
        where l.automation_id = $1 and r.account_id = $2 and not r.test`,
      [id, actor.accountId],
    ),
  ]);
  const w = new Map(waiting.rows.map((x) => [x.step, x.n]));
  // A split logs the branch taken as "<id>#<branch>": the step's figure is their sum.
  const p = new Map<string, number>();
  for (const x of passed.rows) {
    const key = x.step.split("#")[0] as string;
    p.set(key, (p.get(key) ?? 0) + x.n);
  }
  const run = runs.rows[0]!;
  return {
    entered: run.entered,
    active: run.active,
    completed: run.completed,
    exited: exits.rows.map((x) => ({
      reason: x.reason ?? "stopped",
      label: EXIT_REASONS[x.reason ?? "stopped"] ?? x.reason,
      count: x.n,
    })),
    steps: a.graph.steps
      .filter((s) => s.type !== "end")
      .map((s) => ({
        stepId: s.id,
        label: stepLabel(a.graph, s.id),
        waiting: w.get(s.id) ?? 0,
        passed: p.get(s.id) ?? 0,
      })),
    texts: msgs.rows[0]!.texts,
    delivered: msgs.rows[0]!.delivered,
    failed: msgs.rows[0]!.failed,
    replies: run.replies,
    clicks: run.clicks,
    optOuts: exits.rows.find((x) => x.reason === "opted_out")?.n ?? 0,
  };
}

/** Takes everyone out (a user's stop) — the report keeps them as exited, stopped. */
export async function stopAllRuns(ctx: AppContext, actor: Actor, id: number) {
  await getAutomation(ctx, actor, id);
  await ctx.db.$client.query(
    `update automation_runs set status = 'exited', exit_reason = 'stopped', due_at = null,
            finished_at = ${ENGINE_NOW_SQL}, updated_at = now()
      where automation_id = $1 and account_id = $2 and status = 'active'`,
    [id, actor.accountId],
  );
}
