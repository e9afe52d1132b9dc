import {
  CHATBOT_TEXT,
  type ChatbotDetail,
  type ChatbotInput,
  type ChatbotSummary,
  treeProblems,
} from "../../../domain/chatbots";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import { claimLabel } from "../../../domain/triggers";
import type { AppContext } from "../../http/context";
import { assertNoTriggerConflict } from "../carrier-webhooks/trigger-registry";
import { hasLiveNumber } from "../numbers/numbers.service";
import { getGlobalSetting } from "../settings/settings.service";
import {
  type ChatbotRow,
  countOwnFields,
  countOwnUsers,
  deleteChatbotRow,
  findChatbotRow,
  insertChatbot,
  listChatbotRows,
  setChatbotEnabledRow,
  updateChatbotRow,
} from "./chatbots.queries";

type Row = ChatbotRow;

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
  const [rows, disabled] = await Promise.all([
    listChatbotRows(ctx.db.$client, actor.accountId),
    chatbotsDisabled(ctx),
  ]);
  return { rows: rows.map(toSummary), disabled };
}

export async function getChatbot(
  ctx: AppContext,
  actor: Pick<Actor, "accountId">,
  id: number,
): Promise<ChatbotDetail> {
  const row = await findChatbotRow(ctx.db.$client, actor.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
  return { ...toSummary(row), tree: row.tree };
}

/** The tree's rules, and every number, field and user it names is this account's. */
async function check(ctx: AppContext, accountId: number, input: ChatbotInput, id: number | null) {
  const problems = treeProblems(input.tree);
  if (problems.length) throw new AppError("VALIDATION", problems[0]!);
  const db = ctx.db.$client;
  if (!(await hasLiveNumber(ctx.db, accountId, input.phoneNumberId)))
    throw new AppError("VALIDATION", CHATBOT_TEXT.chooseNumber);
  const fields = [
    ...new Set(
      input.tree.nodes.flatMap((n) =>
        n.type === "collect" && n.saveTo === "field" && n.fieldId !== null ? [n.fieldId] : [],
      ),
    ),
  ];
  if (fields.length) {
    if ((await countOwnFields(db, accountId, fields)) !== fields.length)
      throw new AppError("VALIDATION", CHATBOT_TEXT.chooseField);
  }
  const users = [
    ...new Set(
      input.tree.nodes.flatMap((n) => (n.type === "handoff" && n.userId ? [n.userId] : [])),
    ),
  ];
  if (users.length) {
    if ((await countOwnUsers(db, accountId, users)) !== users.length)
      throw new AppError("VALIDATION", CHATBOT_TEXT.chooseUser);
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
    const id = await insertChatbot(ctx.db.$client, actor.accountId, input);
    return getChatbot(ctx, actor, id);
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
    if (!(await updateChatbotRow(ctx.db.$client, actor.accountId, id, input)))
      throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
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
  if (!(await setChatbotEnabledRow(ctx.db.$client, actor.accountId, id, enabled)))
    throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
  return getChatbot(ctx, actor, id);
}

export async function deleteChatbot(ctx: AppContext, actor: Actor, id: number) {
  if (!(await deleteChatbotRow(ctx.db.$client, actor.accountId, id)))
    throw new AppError("NOT_FOUND", CHATBOT_TEXT.notFound);
}
