import {
  CHATBOT_TEXT,
  type ChatbotDetail,
  type ChatbotInput,
  type ChatbotSummary,
  type ChatbotTree,
  treeProblems,
} from "../../../domain/chatbots";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { claimLabel } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { getGlobalSetting } from "../settings/settings.service";

interface Row {
  id: number;
  name: string;
  phone_number_id: number;
  number: string;
  number_name: string;
  enabled: boolean;
  trigger_words: string[];
  tree: ChatbotTree;
  updated_at: Date;
  open: number;
  handed_off: number;
  finished: number;
  replies: number;
}

// Session figures come from the (chatbot_id, status) index; replies are kept on each session.
const SELECT = `
  select b.id, b.name, b.phone_number_id, p.number, coalesce(p.name, '') as number_name, b.enabled,
         b.trigger_words, b.tree, b.updated_at,
         coalesce(s.open, 0)::int as open, coalesce(s.handed_off, 0)::int as handed_off,
         coalesce(s.finished, 0)::int as finished, coalesce(s.replies, 0)::int as replies
    from chatbots b
    join phone_numbers p on p.id = b.phone_number_id
    left join lateral (
      select count(*) filter (where x.status = 'open') as open,
             count(*) filter (where x.status = 'handed_off') as handed_off,
             count(*) filter (where x.status in ('ended', 'stopped')) as finished,
             sum(x.replies) as replies
        from chatbot_sessions x where x.chatbot_id = b.id
    ) s on true`;

const toSummary = (r: Row): ChatbotSummary => ({
  id: r.id,
  name: r.name,
  phoneNumberId: r.phone_number_id,
  longcodeId: r.phone_number_id,
  number: r.number,
  numberName: r.number_name,
  enabled: r.enabled,
  triggerWords: r.trigger_words,
  steps: r.tree.nodes.length,
  open: r.open,
  handedOff: r.handed_off,
  finished: r.finished,
  replies: r.replies,
  updatedAt: r.updated_at.toISOString(),
});

/** Whether the platform's administrator turned chatbots off for everyone (doc 1 §5). */
export async function chatbotsDisabled(ctx: AppContext): Promise<boolean> {
  return (await getGlobalSetting(ctx, "chatbot_disabled")).value === true;
}

export async function listChatbots(ctx: AppContext, actor: Pick<Actor, "accountId">) {
  const [r, disabled] = await Promise.all([
    ctx.db.$client.query<Row>(`${SELECT} where b.account_id = $1 order by b.id`, [actor.accountId]),
    chatbotsDisabled(ctx),
  ]);
  return { rows: r.rows.map(toSummary), disabled };
}

export async function getChatbot(
  ctx: AppContext,
  actor: Pick<Actor, "accountId">,
  id: number,
): Promise<ChatbotDetail> {
  const r = await ctx.db.$client.query<Row>(`${SELECT} where b.account_id = $1 and b.id = $2`, [
    actor.accountId,
    id,
  ]);
  const row = r.rows[0];
  if (!row) throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
  return { ...toSummary(row), tree: row.tree };
}

/** The tree's rules, and every number, field and user it names is this account's. */
async function check(ctx: AppContext, accountId: number, input: ChatbotInput, id: number | null) {
  const problems = treeProblems(input.tree);
  if (problems.length) throw new AppError("VALIDATION", problems[0]!);
  const db = ctx.db.$client;
  const number = await db.query(
    `select 1 from phone_numbers where id = $1 and account_id = $2 and state <> 'released'`,
    [input.phoneNumberId, accountId],
  );
  if (!number.rowCount) throw new AppError("VALIDATION", CHATBOT_TEXT.chooseNumber);
  const fields = [
    ...new Set(input.tree.nodes.flatMap((n) => (n.type === "collect" ? [n.fieldId] : []))),
  ];
  if (fields.length) {
    const r = await db.query(
      `select 1 from custom_fields where id = any($1::int[]) and account_id = $2`,
      [fields, accountId],
    );
    if (r.rowCount !== fields.length) throw new AppError("VALIDATION", CHATBOT_TEXT.chooseField);
  }
  const users = [
    ...new Set(
      input.tree.nodes.flatMap((n) => (n.type === "handoff" && n.userId ? [n.userId] : [])),
    ),
  ];
  if (users.length) {
    const r = await db.query(`select 1 from users where id = any($1::int[]) and account_id = $2`, [
      users,
      accountId,
    ]);
    if (r.rowCount !== users.length) throw new AppError("VALIDATION", CHATBOT_TEXT.chooseUser);
  }
  // A trigger word another automation answers on this number would never reach the bot.
  await assertNoTriggerConflict(
    ctx,
    accountId,
    {
      kind: "chatbot",
      label: claimLabel("chatbot", input.name),
      ownerId: id ?? 0,
      phoneNumberId: input.phoneNumberId,
      words: input.triggerWords,
      match: { kind: "chatbot" },
    },
    "triggerWords",
  );
}

function isTaken(err: unknown) {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { code?: string; constraint?: string }).constraint === "chatbots_number_key"
  );
}

export async function createChatbot(ctx: AppContext, actor: Actor, input: ChatbotInput) {
  await check(ctx, actor.accountId, input, null);
  try {
    const r = await ctx.db.$client.query<{ id: number }>(
      `insert into chatbots (account_id, phone_number_id, name, enabled, trigger_words, tree)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        actor.accountId,
        input.phoneNumberId,
        input.name,
        input.enabled,
        JSON.stringify(input.triggerWords),
        JSON.stringify(input.tree),
      ],
    );
    return getChatbot(ctx, actor, r.rows[0]!.id);
  } catch (err) {
    if (isTaken(err)) throw new AppError("CONFLICT", CHATBOT_TEXT.numberTaken);
    throw err;
  }
}

/**
 * Saves the bot. People in the middle of it stay at their step when it still exists; a session
 * whose step was removed finishes at its next text (the turn starts afresh then).
 */
export async function updateChatbot(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: ChatbotInput,
) {
  await check(ctx, actor.accountId, input, id);
  try {
    const r = await ctx.db.$client.query(
      `update chatbots set phone_number_id = $3, name = $4, enabled = $5, trigger_words = $6,
              tree = $7, updated_at = now()
        where id = $1 and account_id = $2`,
      [
        id,
        actor.accountId,
        input.phoneNumberId,
        input.name,
        input.enabled,
        JSON.stringify(input.triggerWords),
        JSON.stringify(input.tree),
      ],
    );
    if (!r.rowCount) throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
  } catch (err) {
    if (isTaken(err)) throw new AppError("CONFLICT", CHATBOT_TEXT.numberTaken);
    throw err;
  }
  return getChatbot(ctx, actor, id);
}

export async function setChatbotEnabled(
  ctx: AppContext,
  actor: Actor,
  id: number,
  enabled: boolean,
) {
  const r = await ctx.db.$client.query(
    `update chatbots set enabled = $3, updated_at = now() where id = $1 and account_id = $2`,
    [id, actor.accountId, enabled],
  );
  if (!r.rowCount) throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
  return getChatbot(ctx, actor, id);
}

export async function deleteChatbot(ctx: AppContext, actor: Actor, id: number) {
  const r = await ctx.db.$client.query(`delete from chatbots where id = $1 and account_id = $2`, [
    id,
    actor.accountId,
  ]);
  if (!r.rowCount) throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
}
