import type { PoolClient } from "pg";
import type { AutomationStep } from "../../../domain/automation-graph";
import { numberLabel } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { sendMail } from "../mail/mailer";
import type { DueRun } from "./engine";
import {
  addToStaticGroup,
  assignConversation,
  removeFromGroup,
  setOrClearField,
} from "./engine.queries";

type ActionStep = Extract<
  AutomationStep,
  { type: "add_group" | "remove_group" | "set_field" | "assign" | "notify_email" | "webhook" }
>;

/**
 * The steps that change something other than a text. Database changes go through the run's
 * transaction (they commit with the run's move, once); the e-mail and the webhook leave the
 * building after the commit and are not repeated by a retry of a later step.
 */
export async function runAction(
  ctx: AppContext,
  client: PoolClient,
  run: DueRun,
  step: ActionStep,
): Promise<void> {
  switch (step.type) {
    case "add_group":
      await addToStaticGroup(client, run.accountId, step.groupId, run.subscriberId);
      return;
    case "remove_group":
      await removeFromGroup(client, run.accountId, step.groupId, run.subscriberId);
      return;
    case "set_field":
      await setOrClearField(client, run.accountId, run.subscriberId, step.fieldId, step.value);
      return;
    case "assign":
      await assignConversation(client, run.accountId, run.subscriberId, step.userId);
      return;
    case "notify_email": {
      const who = numberLabel(run.phone, [run.firstName, run.lastName].filter(Boolean).join(" "));
      afterCommit(client, () =>
        sendMail(ctx, {
          accountId: run.accountId,
          to: step.email,
          subject: step.subject,
          text: `${who} reached "${step.label ?? step.id}" in an automation.`,
          html: `<p>${escapeHtml(who)} reached “${escapeHtml(step.label ?? step.id)}” in an automation.</p>`,
          kind: "automation_notice",
        }),
      );
      return;
    }
    case "webhook": {
      const payload = JSON.stringify({
        event: "automation.step",
        automationId: run.automationId,
        runId: run.id,
        stepId: step.id,
        subscriber: {
          id: run.subscriberId,
          phone: run.phone,
          firstName: run.firstName,
          lastName: run.lastName,
        },
      });
      // The safe client: the step's URL is the account's choice (an internal one is refused
      // and logged like any other failure of the call).
      afterCommit(client, () =>
        ctx.outbound
          .request(step.url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: payload,
            timeoutMs: 10_000,
          })
          .then((res) => res.dump()),
      );
      return;
    }
  }
}

const pending = new WeakMap<PoolClient, (() => Promise<void>)[]>();

/** Work that leaves the process once the transaction has committed (see flushAfterCommit). */
function afterCommit(client: PoolClient, fn: () => Promise<void>) {
  const list = pending.get(client) ?? [];
  list.push(fn);
  pending.set(client, list);
}

/** Runs (in the background) what the committed transaction asked for; drops it on rollback. */
export function flushAfterCommit(client: PoolClient, committed: boolean) {
  const list = pending.get(client);
  pending.delete(client);
  if (!committed || !list) return;
  for (const fn of list)
    fn().catch((err: unknown) =>
      log.error({ component: "automations", err }, "step effect failed"),
    );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
