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
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import {
  type AutomationRow,
  automationReportRows,
  countOwnRows,
  deleteAutomationRow,
  exitRunsOffVersion,
  findAutomationRow,
  insertAutomation,
  insertFirstVersion,
  insertVersion,
  listAutomationRows,
  moveRunsToVersion,
  type ReferencedTable,
  setAutomationStatusRow,
  stopActiveRuns,
  updateAutomationRow,
  workflowNameTaken,
} from "./automations.queries";

type Q = Pool | PoolClient;
type UpdateInput = ReturnType<typeof automationUpdate.parse>;

const NOT_FOUND = () => new AppError("NOT_FOUND", "Automation not found");

type Row = AutomationRow;

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
  const rows = await listAutomationRows(ctx.db.$client, actor.accountId, kind);
  return { rows: rows.map(toSummary) };
}

export async function getAutomation(ctx: AppContext, actor: Actor, id: number) {
  const row = await findAutomationRow(ctx.db.$client, actor.accountId, id);
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
  const check = async (table: ReferencedTable, ids: Set<number>, what: string) => {
    ids.delete(UNCHOSEN); // a draft's step with nothing chosen yet: publish stops it, not save
    if (!ids.size) return;
    if ((await countOwnRows(db, table, accountId, [...ids])) !== ids.size)
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
  if (await workflowNameTaken(db, accountId, name.trim(), id))
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
  const id = await inTransaction(ctx.db, async (_tx, client) => {
    const id = await insertAutomation(client, actor.accountId, input.kind, input);
    await insertFirstVersion(client, id, input.graph);
    return id;
  });
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
  await inTransaction(ctx.db, async (_tx, client) => {
    const version = changed ? current.version + 1 : current.version;
    if (changed) await insertVersion(client, id, version, input.graph);
    await updateAutomationRow(client, actor.accountId, id, input, version);
    if (changed && input.moveRuns) {
      const ids = input.graph.steps.map((s) => s.id);
      await moveRunsToVersion(client, id, version, ids);
      await exitRunsOffVersion(client, id, version);
    }
  });
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
  await setAutomationStatusRow(ctx.db.$client, actor.accountId, id, status);
  // Timers that came due while paused fire at once on resume (not all at the same instant for a
  // large automation: the engine takes them in batches in due order).
  return getAutomation(ctx, actor, id);
}

export async function deleteAutomation(ctx: AppContext, actor: Actor, id: number) {
  if (!(await deleteAutomationRow(ctx.db.$client, actor.accountId, id))) throw NOT_FOUND();
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
  const { run, exits, waiting, passed, msgs } = await automationReportRows(
    ctx.db.$client,
    actor.accountId,
    id,
  );
  const w = new Map(waiting.map((x) => [x.step, x.n]));
  // A split logs the branch taken as "<id>#<branch>": the step's figure is their sum.
  const p = new Map<string, number>();
  for (const x of passed) {
    const key = x.step.split("#")[0] as string;
    p.set(key, (p.get(key) ?? 0) + x.n);
  }
  return {
    entered: run.entered,
    active: run.active,
    completed: run.completed,
    exited: exits.map((x) => ({
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
    texts: msgs.texts,
    delivered: msgs.delivered,
    failed: msgs.failed,
    replies: run.replies,
    clicks: run.clicks,
    optOuts: exits.find((x) => x.reason === "opted_out")?.n ?? 0,
  };
}

/** Takes everyone out (a user's stop) — the report keeps them as exited, stopped. */
export async function stopAllRuns(ctx: AppContext, actor: Actor, id: number) {
  await getAutomation(ctx, actor, id);
  await stopActiveRuns(ctx.db.$client, actor.accountId, id);
}
