import {
  type AutoReplyInput,
  type AutoReplyRule,
  firstMatchingRule,
} from "../../../domain/auto-replies";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { timezoneById } from "../../../domain/timezones";
import { claimLabel } from "../../../domain/triggers";
import { inTransaction } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { automaticAnswerFiled } from "../inbox/inbox.service";
import { hasLiveNumber } from "../numbers/numbers.service";
import { sendGate } from "../outbound/account-gate";
import { queueMessage } from "../outbound/outbound.service";
import {
  type AutoReplyRow,
  accountTimezoneId,
  deleteAutoReplyRow,
  findAutoReplyRow,
  insertAutoReply,
  listAutoReplyRows,
  markAnswered,
  reorderAutoReplyRows,
  textedBefore,
  updateAutoReplyRow,
} from "./auto-replies.queries";
import { engineNow } from "./clock";

export interface AutoReply extends Omit<AutoReplyRule, "words"> {
  words: string[];
  name: string;
  reply: string;
  onceEveryMinutes: number;
  position: number;
  answered: number;
  updatedAt: string;
}

type Row = AutoReplyRow;

const toAutoReply = (r: Row): AutoReply => ({
  id: r.id,
  name: r.name,
  match: r.match,
  words: r.words,
  phoneNumberId: r.phone_number_id,
  reply: r.reply,
  onceEveryMinutes: r.once_every_minutes,
  businessHours: r.business_hours,
  enabled: r.enabled,
  position: r.position,
  answered: r.answered,
  updatedAt: r.updated_at.toISOString(),
});

export async function listAutoReplies(ctx: AppContext, actor: Pick<Actor, "accountId">) {
  const rows = await listAutoReplyRows(ctx.db.$client, actor.accountId);
  return { rows: rows.map(toAutoReply) };
}

export async function getAutoReply(ctx: AppContext, actor: Actor, id: number) {
  const row = await findAutoReplyRow(ctx.db.$client, actor.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", "Automated reply not found");
  return toAutoReply(row);
}

async function assertOwnNumber(ctx: AppContext, accountId: number, id: number | null) {
  if (id === null) return;
  if (!(await hasLiveNumber(ctx.db, accountId, id)))
    throw new AppError("BAD_REQUEST", "Choose a number of this account");
}

/** A word a keyword, a marketing tool, a chatbot or a workflow answers first (they come before). */
async function assertTriggerFree(
  ctx: AppContext,
  accountId: number,
  input: AutoReplyInput,
  id: number | null,
) {
  if (input.match !== "contains" && input.match !== "exact" && input.match !== "starts_with")
    return;
  await assertNoTriggerConflict(
    ctx,
    accountId,
    {
      kind: "auto_reply",
      label: claimLabel("auto_reply", input.name),
      ownerId: id ?? 0,
      phoneNumberId: input.phoneNumberId,
      words: input.words,
      match: { kind: "auto_reply", match: input.match },
    },
    "words",
  );
}

export async function createAutoReply(ctx: AppContext, actor: Actor, input: AutoReplyInput) {
  await assertOwnNumber(ctx, actor.accountId, input.phoneNumberId);
  await assertTriggerFree(ctx, actor.accountId, input, null);
  const id = await insertAutoReply(ctx.db.$client, actor.accountId, input);
  return getAutoReply(ctx, actor, id);
}

export async function updateAutoReply(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: AutoReplyInput,
) {
  await assertOwnNumber(ctx, actor.accountId, input.phoneNumberId);
  await assertTriggerFree(ctx, actor.accountId, input, id);
  if (!(await updateAutoReplyRow(ctx.db.$client, actor.accountId, id, input)))
    throw new AppError("NOT_FOUND", "Automated reply not found");
  return getAutoReply(ctx, actor, id);
}

export async function deleteAutoReply(ctx: AppContext, actor: Actor, id: number) {
  if (!(await deleteAutoReplyRow(ctx.db.$client, actor.accountId, id)))
    throw new AppError("NOT_FOUND", "Automated reply not found");
}

/** The order rules are read in: ids first to last (ids of another account are ignored). */
export async function reorderAutoReplies(ctx: AppContext, actor: Actor, ids: number[]) {
  await reorderAutoReplyRows(ctx.db.$client, actor.accountId, ids);
  return listAutoReplies(ctx, actor);
}

async function accountZone(ctx: AppContext, accountId: number): Promise<string> {
  return timezoneById((await accountTimezoneId(ctx.db.$client, accountId)) ?? 1).iana;
}

/** Which rule would answer a sample text now, and with what (the edit page's preview). */
export async function previewAutoReply(
  ctx: AppContext,
  actor: Actor,
  q: { body: string; phoneNumberId: number | null; firstMessage: boolean },
) {
  const { rows } = await listAutoReplies(ctx, actor);
  const rule = firstMatchingRule(rows, {
    body: q.body,
    phoneNumberId: q.phoneNumberId ?? -1,
    firstMessage: q.firstMessage,
    at: await engineNow(ctx.db.$client),
    timeZone: await accountZone(ctx, actor.accountId),
  });
  return rule
    ? { ruleId: rule.id, name: rule.name, reply: rule.reply }
    : { ruleId: null, name: null, reply: null };
}

/**
 * The inbound hook: after compliance and keywords had their turn, the first rule (in order)
 * that matches the text answers it, unless it already answered this person within its period.
 * The mark and the message commit together, so a failure neither answers nor marks.
 */
export async function answerAutomatically(
  ctx: AppContext,
  m: {
    accountId: number;
    number: { id: number; number: string };
    from: string;
    body: string;
    subscriberId: number | null;
    messageId: number;
  },
): Promise<boolean> {
  if (m.subscriberId === null) return false;
  const { rows } = await listAutoReplies(ctx, { accountId: m.accountId });
  if (!rows.some((r) => r.enabled)) return false;
  const db = ctx.db.$client;
  const earlier = await textedBefore(db, m.accountId, m.subscriberId, m.messageId);
  const at = await engineNow(db);
  const rule = firstMatchingRule(rows, {
    body: m.body,
    phoneNumberId: m.number.id,
    firstMessage: !earlier,
    at,
    timeZone: await accountZone(ctx, m.accountId),
  });
  if (!rule) return false;
  const subscriberId = m.subscriberId;
  // Twenty people texting the same word at once hold one connection each: the gate keeps an
  // account to its share of the pool.
  const answered = await sendGate(ctx).run(m.accountId, async () => {
    try {
      return await inTransaction(ctx.db, async (_tx, client) => {
        // Answered within its period: the mark wrote nothing, and nothing goes out.
        if (!(await markAnswered(client, rule.id, subscriberId, at, rule.onceEveryMinutes)))
          return false;
        await queueMessage(
          ctx,
          {
            accountId: m.accountId,
            from: m.number,
            to: m.from,
            body: rule.reply,
            source: "auto_reply",
            subscriberId,
          },
          client,
        );
        return true;
      });
    } catch (err) {
      // A suppressed number is not answered; anything else is logged by the caller.
      if (err instanceof AppError && err.code === "CONFLICT") return false;
      throw err;
    }
  });
  if (!answered) return false;
  automaticAnswerFiled(ctx, m.accountId, m.subscriberId);
  return true;
}
