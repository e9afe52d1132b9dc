import { AppError } from "../../../domain/errors";
import { INTEGRATION_TEXT, subscriberIdOfCustomerIo } from "../../../domain/integrations";
import { systemActor } from "../../../domain/permissions";
import { toE164 } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { assertSendable } from "../compliance/compliance.service";
import * as inbox from "../inbox/inbox.service";
import { findSubscriberRow } from "../subscribers/subscribers.service";
import * as q from "./integrations.queries";
import { tokenHash } from "./integrations.service";

/**
 * Customer.io's "Send webhook" action: a campaign step posts here with the account's action
 * token. The text goes through the inbox's one-to-one send (the one outbound path: charged,
 * paced, quiet hours, suppressions); a subscriber without recorded marketing consent gets nothing.
 */
export async function sendFromCustomerIo(
  ctx: AppContext,
  bearer: string | undefined,
  input: { phone?: string; customerId?: string; text: string },
) {
  const token = /^Bearer\s+(cio_\S+)\s*$/i.exec(bearer ?? "")?.[1];
  const conn = token ? await connectionOfToken(ctx, token) : undefined;
  if (!conn) throw new AppError("UNAUTHENTICATED", INTEGRATION_TEXT.actionUnauthorized);
  const actor = systemActor("integration", conn.accountId, { userId: conn.connectedBy });
  const byId = input.customerId ? subscriberIdOfCustomerIo(input.customerId) : null;
  const phone = input.phone ? toE164(input.phone) : null;
  const sub = byId
    ? await findSubscriberRow(ctx.db, actor, byId)
    : phone
      ? await q.subscriberByPhone(ctx.db, conn.accountId, phone)
      : undefined;
  if (!sub) throw new AppError("NOT_FOUND", INTEGRATION_TEXT.unknownSubscriber);
  await assertSendable(ctx, conn.accountId, sub.phone);
  if (!sub.marketingConsentAt)
    throw new AppError("CONFLICT", INTEGRATION_TEXT.noConsent, { reason: "no_consent" });
  const sent = await inbox.send(ctx, actor, sub.id, {
    message: input.text,
    phoneNumberId: null,
    mediaUrls: [],
    sendAnyway: false,
  });
  return { messageId: sent.messageId, status: sent.status, subscriberId: sub.id };
}

async function connectionOfToken(ctx: AppContext, token: string) {
  return q.customerIoConnectionByTokenHash(ctx.db, tokenHash(token));
}
