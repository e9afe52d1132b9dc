import type { PoolClient } from "pg";
import type { AutomationStep } from "../../../domain/automation-graph";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { sendMail } from "../mail/mailer";
import type { DueRun } from "./engine";

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
      await client.query(
        `insert into group_members (group_id, subscriber_id)
         select g.id, $2 from groups g where g.id = $1 and g.account_id = $3 and g.type = 'static'
         on conflict do nothing`,
        [step.groupId, run.subscriberId, run.accountId],
      );
      return;
    case "remove_group":
      await client.query(
        `delete from group_members gm using groups g
          where gm.group_id = g.id and g.id = $1 and g.account_id = $3 and gm.subscriber_id = $2`,
        [step.groupId, run.subscriberId, run.accountId],
      );
      return;
    case "set_field":
      await client.query(
        `update subscribers s
            set attributes = case when $2 = '' then s.attributes - $1::text
                                  else s.attributes || jsonb_build_object($1::text, $2::text) end,
                updated_at = now()
          where s.id = $3 and s.account_id = $4
            and exists (select 1 from custom_fields f where f.id = $1::int and f.account_id = $4)`,
        [String(step.fieldId), step.value, run.subscriberId, run.accountId],
      );
      return;
    case "assign":
      await client.query(
        `update conversations c set assigned_user_id = u.id
           from users u where u.id = $1 and u.account_id = $3
            and c.subscriber_id = $2 and c.account_id = $3`,
        [step.userId, run.subscriberId, run.accountId],
      );
      return;
    case "notify_email": {
      const who = [run.firstName, run.lastName].filter(Boolean).join(" ") || run.phone;
      afterCommit(client, () =>
        sendMail(ctx, {
          accountId: run.accountId,
          to: step.email,
          subject: step.subject,
          text: `${who} (${run.phone}) reached "${step.label ?? step.id}" in an automation.`,
          html: `<p>${escapeHtml(who)} (${escapeHtml(run.phone)}) reached “${escapeHtml(step.label ?? step.id)}” in an automation.</p>`,
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
