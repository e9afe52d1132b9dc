import {
  type AutoReplyInput,
  type AutoReplyMatch,
  type AutoReplyRule,
  type BusinessHours,
  firstMatchingRule,
} from "../../../domain/auto-replies";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { timezoneById } from "../../../domain/timezones";
import { claimLabel } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { automaticAnswerFiled } from "../inbox/inbox.service";
import { sendGate } from "../outbound/account-gate";
import { queueMessage } from "../outbound/outbound.service";
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

interface Row {
  id: number;
  name: string;
  match: AutoReplyMatch;
  words: string[];
  phone_number_id: number | null;
  reply: string;
  once_every_minutes: number;
  business_hours: BusinessHours | null;
  enabled: boolean;
  position: number;
  answered: number;
  updated_at: Date;
}

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

const SELECT = `select a.*, coalesce((select sum(x.count) from auto_reply_answers x where x.auto_reply_id = a.id), 0)::int as answered
                  from auto_replies a`;

export async function listAutoReplies(ctx: AppContext, actor: Pick<Actor, "accountId">) {
  const r = await ctx.db.$client.query<Row>(
    `${SELECT} where a.account_id = $1 order by a.position, a.id`,
    [actor.accountId],
  );
  return { rows: r.rows.map(toAutoReply) };
}

export async function getAutoReply(ctx: AppContext, actor: Actor, id: number) {
  const r = await ctx.db.$client.query<Row>(`${SELECT} where a.account_id = $1 and a.id = $2`, [
    actor.accountId,
    id,
  ]);
  if (!r.rows[0]) throw new AppError("NOT_FOUND", "Automated reply not found");
  return toAutoReply(r.rows[0]);
}

async function assertOwnNumber(ctx: AppContext, accountId: number, id: number | null) {
  if (id === null) return;
  const r = await ctx.db.$client.query(
    `select 1 from phone_numbers where id = $1 and account_id = $2 and state <> 'released'`,
    [id, accountId],
  );
  if (!r.rowCount) throw new AppError("BAD_REQUEST", "Choose a number of this account");
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
  const r = await ctx.db.$client.query<{ id: number }>(
    `insert into auto_replies (account_id, name, match, words, phone_number_id, reply, once_every_minutes, business_hours, enabled, position)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9,
             coalesce((select max(position) + 1 from auto_replies where account_id = $1), 0))
     returning id`,
    [
      actor.accountId,
      input.name,
      input.match,
      JSON.stringify(input.words),
      input.phoneNumberId,
      input.reply,
      input.onceEveryMinutes,
      input.businessHours ? JSON.stringify(input.businessHours) : null,
      input.enabled,
    ],
  );
  return getAutoReply(ctx, actor, r.rows[0]!.id);
}

export async function updateAutoReply(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: AutoReplyInput,
) {
  await assertOwnNumber(ctx, actor.accountId, input.phoneNumberId);
  await assertTriggerFree(ctx, actor.accountId, input, id);
  const r = await ctx.db.$client.query(
    `update auto_replies set name = $3, match = $4, words = $5, phone_number_id = $6, reply = $7,
            once_every_minutes = $8, business_hours = $9, enabled = $10, updated_at = now()
      where id = $1 and account_id = $2`,
    [
      id,
      actor.accountId,
      input.name,
      input.match,
      JSON.stringify(input.words),
      input.phoneNumberId,
      input.reply,
      input.onceEveryMinutes,
      input.businessHours ? JSON.stringify(input.businessHours) : null,
      input.enabled,
    ],
  );
  if (!r.rowCount) throw new AppError("NOT_FOUND", "Automated reply not found");
  return getAutoReply(ctx, actor, id);
}

export async function deleteAutoReply(ctx: AppContext, actor: Actor, id: number) {
  const r = await ctx.db.$client.query(
    `delete from auto_replies where id = $1 and account_id = $2`,
    [id, actor.accountId],
  );
  if (!r.rowCount) throw new AppError("NOT_FOUND", "Automated reply not found");
}

/** The order rules are read in: ids first to last (ids of another account are ignored). */
export async function reorderAutoReplies(ctx: AppContext, actor: Actor, ids: number[]) {
  await ctx.db.$client.query(
    `update auto_replies a set position = t.pos, updated_at = now()
       from unnest($2::int[]) with ordinality as t(id, pos)
      where a.id = t.id and a.account_id = $1`,
    [actor.accountId, ids],
  );
  return listAutoReplies(ctx, actor);
}

async function accountZone(ctx: AppContext, accountId: number): Promise<string> {
  const r = await ctx.db.$client.query<{ timezone_id: number }>(
    `select timezone_id from accounts where id = $1`,
    [accountId],
  );
  return timezoneById(r.rows[0]?.timezone_id ?? 1).iana;
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
  const earlier = await db.query(
    `select 1 from messages where subscriber_id = $1 and account_id = $2 and direction = 'inbound' and id < $3 limit 1`,
    [m.subscriberId, m.accountId, m.messageId],
  );
  const at = await engineNow(db);
  const rule = firstMatchingRule(rows, {
    body: m.body,
    phoneNumberId: m.number.id,
    firstMessage: !earlier.rowCount,
    at,
    timeZone: await accountZone(ctx, m.accountId),
  });
  if (!rule) return false;
  const subscriberId = m.subscriberId;
  // Twenty people texting the same word at once hold one connection each: the gate keeps an
  // account to its share of the pool.
  const answered = await sendGate(ctx).run(m.accountId, async () => {
    const client = await db.connect();
    try {
      await client.query("begin");
      const mark = await client.query(
        `insert into auto_reply_answers (auto_reply_id, subscriber_id, answered_at) values ($1, $2, $3)
         on conflict (auto_reply_id, subscriber_id) do update
           set answered_at = excluded.answered_at, count = auto_reply_answers.count + 1
           where auto_reply_answers.answered_at <= excluded.answered_at - make_interval(mins => $4)`,
        [rule.id, subscriberId, at, rule.onceEveryMinutes],
      );
      if (!mark.rowCount) {
        await client.query("rollback");
        return false;
      }
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
      await client.query("commit");
      return true;
    } catch (err) {
      await client.query("rollback").catch(() => {});
      // A suppressed number is not answered; anything else is logged by the caller.
      if (err instanceof AppError && err.code === "CONFLICT") return false;
      throw err;
    } finally {
      client.release();
    }
  });
  if (!answered) return false;
  automaticAnswerFiled(ctx, m.accountId, m.subscriberId);
  return true;
}
