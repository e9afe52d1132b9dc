import { eq } from "drizzle-orm";
import { accounts } from "../../db/schema";
import type { AppContext } from "../../http/context";
import { applyInboundCompliance } from "../compliance/compliance.service";
import { receiveReply } from "../inbox/inbox.service";
import { recordInbound, sendMessage } from "../messages/messages.service";
import { findLiveNumberByE164 } from "../numbers/numbers.queries";

export interface InboundWebhook {
  sid: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  segments: number;
}

export type InboundResult = "recorded" | "duplicate" | "unknown_number";

/**
 * The ingress pipeline: route by our number → record once → compliance (STOP/START/HELP) →
 * features (keywords, chatbots, inbox) see only what compliance did not consume.
 */
export async function receiveInbound(ctx: AppContext, msg: InboundWebhook): Promise<InboundResult> {
  const number = await findLiveNumberByE164(ctx.db, msg.to);
  if (!number) return "unknown_number";
  const row = await recordInbound(ctx, {
    accountId: number.accountId,
    phoneNumberId: number.id,
    ...msg,
  });
  if (!row) return "duplicate";

  const [account] = await ctx.db
    .select({ businessName: accounts.businessName })
    .from(accounts)
    .where(eq(accounts.id, number.accountId));
  const outcome = await applyInboundCompliance(ctx, {
    accountId: number.accountId,
    businessName: account?.businessName ?? "",
    phoneNumberId: number.id,
    from: msg.from,
    body: msg.body,
    messageId: row.id,
  });
  if (outcome.handled) {
    await sendMessage(ctx, {
      accountId: number.accountId,
      from: { id: number.id, number: number.number },
      to: msg.from,
      body: outcome.reply,
      source: "compliance",
      complianceReply: true,
    });
  }
  // The inbox: conversation moved to the top, unread, live on open screens. Recorded already, so
  // a failure here is logged rather than answered with an error (a retry would be a duplicate).
  await receiveReply(ctx, {
    accountId: number.accountId,
    phoneNumberId: number.id,
    messageId: row.id,
    from: msg.from,
    body: msg.body,
    mediaUrls: msg.mediaUrls,
    compliance: outcome.handled ? outcome.kind : null,
  }).catch((err) => console.error("inbox: reply not filed:", err));
  return "recorded";
}
