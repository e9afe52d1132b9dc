import type { AppContext } from "../../http/context";
import { stopOpenSessions } from "./chatbots.queries";

/** An opt-out ends the person's open chatbot sessions: the bot never asks them anything again. */
export async function endChatbotSessions(
  ctx: AppContext,
  accountId: number,
  subscriberId: number,
): Promise<void> {
  await stopOpenSessions(ctx.db.$client, accountId, subscriberId);
}
