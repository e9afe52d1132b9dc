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
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import {
  createAutomation,
  getAutomation,
  setAutomationStatus,
} from "../automations/automations.service";
import { enrol } from "../automations/enrol";
import { wakePipeline } from "../outbound/wake";
import {
  findSubscriberId,
  insertTestRun,
  layoutOf,
  setLayout,
  stopTestRun,
  testPerson,
  workflowNameUsed,
} from "./workflows.queries";

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
  const parsed = workflowLayout.safeParse(await layoutOf(ctx.db.$client, actor.accountId, id));
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
  await setLayout(ctx.db.$client, actor.accountId, id, layout);
  return getWorkflow(ctx, actor, id);
}

/** Is this name free among the account's workflows (the form checks as the user types)? */
export async function nameAvailable(
  ctx: AppContext,
  actor: Actor,
  name: string,
  excludeId?: number,
): Promise<boolean> {
  return !(await workflowNameUsed(ctx.db.$client, actor.accountId, name.trim(), excludeId ?? 0));
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
  const person = await testPerson(db, actor.accountId, phone);
  if (!person?.consent || person.suppressed)
    throw new AppError("VALIDATION", WORKFLOW_TEXT.notSubscriber);
  const subscriberId = Number(person.id);
  return inTransaction(ctx.db, async (_tx, client) => {
    await stopTestRun(client, id, subscriberId);
    const runId = await insertTestRun(client, actor.accountId, id, wf.version, subscriberId);
    if (!runId) throw new AppError("CONFLICT", WORKFLOW_TEXT.alreadyInside);
    await wakePipeline(client);
    return { runId: Number(runId), subscriberId, phone };
  });
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
  const found = await findSubscriberId(
    db,
    actor.accountId,
    body.subscriberId !== undefined ? { id: body.subscriberId } : { phone },
  );
  if (!found) throw new AppError("NOT_FOUND", "Subscriber not found");
  const subscriberId = Number(found);
  const entered = (await enrol(db, [{ automationId: id, subscriberId }])) > 0;
  return { entered, subscriberId };
}
