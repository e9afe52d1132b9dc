import type { AppContext } from "../../http/context";

/** An opt-out ends the person's open chatbot sessions: the bot never asks them anything again. */
export async function endChatbotSessions(
  ctx: AppContext,
  accountId: number,
  subscriberId: number,
): Promise<void> {
  await ctx.db.$client.query(
    `update chatbot_sessions set status = 'stopped', finished_at = now(), updated_at = now()
      where subscriber_id = $1 and account_id = $2 and status = 'open'`,
    [subscriberId, accountId],
  );
}
