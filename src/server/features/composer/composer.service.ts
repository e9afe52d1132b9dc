import type { z } from "zod";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import type { testSendRequest } from "../../../domain/message-compose.schemas";
import { COMPOSE_TEXT } from "../../../domain/message-compose.schemas";
import { composeText } from "../../../domain/message-form.schemas";
import type { DedicatedNumber } from "../../../domain/numbers.schemas";
import { isRestricted } from "../../../domain/permissions";
import type { Actor, AppContext, UserActor } from "../../http/context";
import { getMeLite } from "../account/account.service";
import { assertSendable } from "../compliance/compliance.service";
import { expandLinkTokens, LINK_RECIPIENT } from "../links/links.service";
import { getNumber, listNumbers } from "../numbers/numbers.service";
import { queueCharged, waitForCarrier } from "../outbound/outbound.service";
import { sendSettingsOf } from "../registrations/send-settings";
import { activeSignature } from "../signature/signature.service";
import { allowedNumberIds } from "./composer.queries";
import { assertContentAllowed } from "./content-check";
import { mmsMedia } from "./mms-placeholder";
import { assertOwnReferences } from "./own-references";

type TestSend = z.output<typeof testSendRequest>;

/** How long a test send waits for the carrier's answer before saying it is on its way. */
const TEST_SEND_WAIT_MS = 8000;

function usable(n: DedicatedNumber): boolean {
  return n.state === "active" && (!n.tollFree || n.verified);
}

/** An unverified toll-free number sends the pre-approved templates only (content-check.ts). */
function templatesOnlyNumber(n: DedicatedNumber): boolean {
  return n.state === "active" && n.tollFree && !n.verified;
}

/**
 * The number a user sends from: the one they chose (it must be the account's, usable, and theirs
 * when they are restricted), else the account's first usable number they may use.
 */
export async function resolveSendingNumber(
  ctx: AppContext,
  auth: Actor,
  longcodeId: number | null,
): Promise<DedicatedNumber> {
  const allowed = isRestricted(auth) ? await allowedNumberIds(ctx.db, auth.userId) : null;
  if (longcodeId !== null) {
    const chosen = await getNumber(ctx, auth, longcodeId);
    if (allowed && !allowed.has(chosen.id))
      throw new AppError("FORBIDDEN", "You are not allowed to send from this number.");
    if (chosen.state !== "active")
      throw new AppError("CONFLICT", "This number is still pending and cannot send yet.");
    return chosen;
  }
  const { rows } = await listNumbers(ctx, auth, { page: 1, pageSize: 500, search: "" });
  const mine = (n: DedicatedNumber) => !allowed || allowed.has(n.id);
  const first =
    rows.find((n) => usable(n) && mine(n)) ?? rows.find((n) => templatesOnlyNumber(n) && mine(n));
  if (!first) throw new AppError("NO_NUMBERS", COMPOSE_TEXT.noNumbers);
  return first;
}

/**
 * Test send (spec doc 2 §4, §7): the composed message (header, signature, footer, tracked links)
 * to one phone, charged like any message and really handed to the carrier.
 */
export async function sendTestMessage(ctx: AppContext, auth: UserActor, input: TestSend) {
  const from = await resolveSendingNumber(ctx, auth, input.longcodeId);
  await assertOwnReferences(ctx, auth, {
    mediaUrls: input.isMMS ? input.image : [],
    mediaField: "image",
  });
  try {
    await assertSendable(ctx, auth.accountId, input.subscribers);
  } catch (err) {
    if (err instanceof AppError)
      throw new AppError("CONFLICT", COMPOSE_TEXT.unsubscribed, { reason: err.reason });
    throw err;
  }
  await assertContentAllowed(ctx, auth, {
    number: from,
    text: input.message,
    templateId: input.templateId ?? null,
  });
  const me = await getMeLite(ctx, auth);
  const signature = await activeSignature(ctx, auth);
  const composed = composeText(input, {
    organisationName: me.businessName,
    signature,
    sendSettings: await sendSettingsOf(ctx.db.$client, auth.accountId),
  });
  // Tracked links become their short URLs; a test goes to no subscriber, so no recipient part.
  const expanded = await expandLinkTokens(ctx, auth.accountId, composed);
  const body = expanded.text.replaceAll(`/${LINK_RECIPIENT}`, "");
  const credits = creditsOfText({ source: "test", body, isMms: input.isMMS });

  const queued = await queueCharged(
    ctx,
    {
      accountId: auth.accountId,
      from: { id: from.id, number: from.number },
      to: input.subscribers,
      body,
      mediaUrls: mmsMedia(ctx, input.isMMS, input.image),
      source: "test",
      userId: auth.userId,
      credits,
    },
    { reason: "test", description: `Test message to ${input.subscribers}` },
  );
  // The screen says at once whether the test went: wait for the carrier's first answer (the
  // dispatcher gives the credits back if it refused).
  const answer = await waitForCarrier(ctx, queued.id, TEST_SEND_WAIT_MS);
  if (answer.failed) {
    throw new AppError("BAD_REQUEST", "There was an error sending your message.", {
      reason: answer.errorCode === null ? undefined : `carrier_${answer.errorCode}`,
    });
  }
  return { id: queued.id, status: answer.status, credits, message: COMPOSE_TEXT.testSent };
}
