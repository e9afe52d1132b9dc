import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import { composeText, type MessageForm } from "../../../domain/message-form.schemas";
import { assertCan, isRestricted } from "../../../domain/permissions";
import { isQuietTime } from "../../../domain/quiet-hours";
import {
  buildRepeatRule,
  instantToWallTime,
  nextOccurrence,
  wallTimeToInstant,
} from "../../../domain/repeat";
import { creditsFor } from "../../../domain/segments";
import {
  type Audience,
  type audienceRequest,
  NO_RECIPIENTS,
  noRecipientsMessage,
} from "../../../domain/send-audience";
import { timezoneById } from "../../../domain/timezones";
import type { Actor, AppContext } from "../../http/context";
import { resolveSendingNumber } from "../composer/composer.service";
import { assertContentAllowed } from "../composer/content-check";
import { mmsMedia } from "../composer/mms-placeholder";
import { assertOwnReferences } from "../composer/own-references";
import {
  getCredits,
  INSUFFICIENT_CREDITS_MESSAGE,
  type Queryable,
} from "../credits/credits.service";
import { fieldsById } from "../custom-fields/custom-fields.service";
import { displayBody, expandLinkTokens, recipientKeySql } from "../links/links.service";
import { sendOutlook } from "../outbound/send-outlook";
import { wakePipeline } from "../outbound/wake";
import { sendSettingsOf } from "../registrations/send-settings";
import { activeSignature } from "../signature/signature.service";
import { personalisedText } from "./personalise.queries";
import { type Recipients, recipientCondition, recipientsOf } from "./recipients";
import { audienceCounts, firstRecipientText, recipientsByPrefix } from "./recipients.queries";
import * as q from "./sends.queries";

export const SEND_TEXT = {
  noNumbers:
    "You are not able to send messages since there are no dedicated numbers assigned to your account.",
  pastTime: "Please choose a date and time in the future.",
  quietHours:
    "This message is scheduled inside your quiet hours. Choose another time or send it anyway.",
  notFound: "That message could not be found.",
  alreadyStarted: "This message has already started sending and can no longer be changed.",
  noRecipients: NO_RECIPIENTS,
  sendToAllHidden: "You are not allowed to send to all subscribers.",
} as const;

async function sendToAllHidden(ctx: AppContext, userId: number): Promise<boolean> {
  const v = await q.sendToAllSetting(ctx.db.$client, userId);
  return v === "1" || v === 1 || v === true;
}

/** The account's sending settings: business name, time zone, test account, validity (voice too). */
export async function accountForSend(db: Queryable, accountId: number) {
  return q.accountForSend(db, accountId);
}

/** The account's numbers that may send (only `onlyForUser`'s when given), for voice calls too. */
export async function sendingNumbers(db: Queryable, accountId: number, onlyForUser: number | null) {
  return q.sendingNumbers(db, accountId, onlyForUser);
}

/**
 * Everyone a send selects, split into those it reaches and the excluded by reason (the same
 * rule as the fan-out's `sendable()`), with `text` as the first recipient would read it.
 */
export async function audienceOf(
  ctx: AppContext,
  auth: Actor,
  recipients: Recipients,
  tz: string,
  text = "",
): Promise<Omit<Audience, "internationalBalance" | "outlook">> {
  const cond = await recipientCondition(ctx, auth, recipients, tz);
  const rows = await audienceCounts(ctx.db, auth.accountId, cond);
  const excluded = { optedOut: 0, blocked: 0, landline: 0, noConsent: 0 };
  let sendTo = 0;
  let abroad = 0;
  for (const r of rows) {
    if (r.reason) excluded[r.reason] = Number(r.n);
    else {
      sendTo = Number(r.n);
      abroad = Number(r.abroad);
    }
  }
  const selected = sendTo + Object.values(excluded).reduce((a, b) => a + b, 0);
  let sampleText: string | null = null;
  if (sendTo > 0 && text) {
    const fields = await fieldsById(ctx, auth);
    // Tracked links as the first recipient gets them: the link's address with their own key.
    const withLinks = await expandLinkTokens(ctx, auth.accountId, text).then(
      (x) => x.text,
      () => null,
    );
    sampleText = await firstRecipientText(
      ctx.db,
      auth.accountId,
      cond,
      personalisedText(
        withLinks ?? (await displayBody(ctx, auth.accountId, text)),
        fields,
        (code, id) => recipientKeySql(ctx, code, id),
      ),
    );
  }
  return { selected, recipients: sendTo, excluded, sampleText, abroad };
}

/** The composer's look before sending (POST /api/sends/audience). */
export async function previewAudience(
  ctx: AppContext,
  auth: Actor,
  req: z.output<typeof audienceRequest>,
) {
  const account = await q.accountForSend(ctx.db.$client, auth.accountId);
  const zone = timezoneById(account.timezoneId).iana;
  const recipients = recipientsOf(req);
  const [audience, { internationalBalance }, outlook] = await Promise.all([
    audienceOf(ctx, auth, recipients, zone, req.text),
    getCredits(ctx, auth.accountId),
    outlookOf(ctx, auth, recipients, zone, req.longcodeId),
  ]);
  return { ...audience, internationalBalance, outlook };
}

/**
 * When the recipients get it, said before sending: how many are outside legal hours now, and
 * how long the number takes at its pace (outbound's sendOutlook, the dispatcher's own rules).
 */
async function outlookOf(
  ctx: AppContext,
  auth: Actor,
  recipients: Recipients,
  zone: string,
  longcodeId: number | null,
) {
  const number = await resolveSendingNumber(ctx, auth, longcodeId).catch(() => null);
  const cond = await recipientCondition(ctx, auth, recipients, zone);
  const lawful = ctx.config.SEND_WINDOWS === "law";
  const rows = await recipientsByPrefix(ctx.db, auth.accountId, cond, lawful);
  return sendOutlook(ctx, {
    accountId: auth.accountId,
    phoneNumberId: number?.id ?? null,
    accountZone: zone,
    byPrefix: rows.map((r) => ({ prefix: r.prefix, addressState: r.state, n: Number(r.n) })),
  });
}

interface Prepared {
  write: q.SendWrite;
  recipients: number;
  immediate: boolean;
}

/** Everything POST and PUT share: checks, the first run time, the rule, the final text. */
async function prepare(ctx: AppContext, auth: Actor, form: MessageForm): Promise<Prepared> {
  const account = await q.accountForSend(ctx.db.$client, auth.accountId);
  const accountZone = timezoneById(account.timezoneId).iana;
  assertCan(auth, "sends:write");
  if (
    form.isSubscribers === "all" &&
    // A key speaks for its maker: their 'Hide send to all' binds it too.
    auth.userId !== null &&
    (auth.kind === "user" || auth.kind === "api_key") &&
    (await sendToAllHidden(ctx, auth.userId))
  )
    throw new AppError("FORBIDDEN", SEND_TEXT.sendToAllHidden);
  if (isRestricted(auth) && form.groupIds.includes(-1))
    throw new AppError("FORBIDDEN", "You are not allowed to send to 'No Group'.");
  const number = await resolveSendingNumber(ctx, auth, form.longcodeId);
  await assertOwnReferences(ctx, auth, {
    templateId: form.templateId,
    linkId: form.linkId,
    mediaUrls: form.isSMS ? [] : form.image,
    mediaField: "image",
    text: form.message,
  });
  await assertContentAllowed(ctx, auth, {
    number,
    text: form.message,
    templateId: form.templateId,
  });

  const timezone = form.isScheduled ? form.timezone : accountZone;
  const now = ctx.clock.now();
  let firstRun = now;
  let rrule: string | null = null;
  if (form.isScheduled) {
    const wall = { date: form.date, time: form.time };
    firstRun = wallTimeToInstant(wall, timezone);
    if (firstRun.getTime() < now.getTime() - 60_000)
      throw new AppError("VALIDATION", SEND_TEXT.pastTime, {
        fields: { date: SEND_TEXT.pastTime },
      });
    rrule = buildRepeatRule(form, wall);
    if (rrule && firstRun.getTime() < now.getTime())
      firstRun = nextOccurrence(rrule, timezone, now) ?? firstRun;
  }
  // Quiet hours are set in the account's time: the chosen time is checked there.
  const windows = await q.quietHoursOf(ctx.db.$client, auth.accountId);
  if (!form.sendAnyway && windows.length) {
    const local = instantToWallTime(firstRun, accountZone);
    if (isQuietTime(windows, local.time)) throw new AppError("QUIET_HOURS", SEND_TEXT.quietHours);
  }

  const recipients = recipientsOf(form);
  const audience = await audienceOf(ctx, auth, recipients, accountZone);
  const count = audience.recipients;
  // A scheduled send to All Subscribers may find people by the time it runs; anything else that
  // reaches nobody now is refused, saying why.
  if (count === 0 && (form.isSubscribers !== "all" || !form.isScheduled))
    throw new AppError("VALIDATION", noRecipientsMessage(audience, form.isSubscribers), {
      reason: "no_recipients",
    });
  const text = composeText(form, {
    organisationName: account.businessName,
    signature: await activeSignature(ctx, auth),
    sendSettings: await sendSettingsOf(ctx.db.$client, auth.accountId),
  });
  // The signature's tokens too: one of another account's links would only fail when it runs.
  await assertOwnReferences(ctx, auth, { text });
  const isMms = !form.isSMS;
  const immediate = !form.isScheduled;
  if (immediate) {
    // A first look at the balance (the run reserves for real): refuse what cannot go out now.
    const credits = await getCredits(ctx, auth.accountId);
    if (credits.balance < count * creditsFor(text, isMms))
      throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  }
  return {
    recipients: count,
    immediate,
    write: {
      accountId: auth.accountId,
      userId: auth.userId,
      phoneNumberId: number.id,
      form,
      text,
      isMms,
      mediaUrls: mmsMedia(ctx, isMms, form.image),
      linkId: form.linkId,
      templateId: form.templateId,
      recipients,
      timezone,
      rrule,
      // 'Send anyway' also lets each delivery through in the recipient's quiet hours.
      ignoreQuietHours: form.sendAnyway,
      nextRunAt: firstRun,
    },
  };
}

export async function createSend(ctx: AppContext, auth: Actor, form: MessageForm) {
  const prepared = await prepare(ctx, auth, form);
  const id = await q.insertSend(ctx.db.$client, prepared.write);
  if (prepared.immediate) await wakePipeline(ctx.db.$client);
  return {
    id,
    status: prepared.immediate ? ("running" as const) : ("scheduled" as const),
    nextRunAt: prepared.immediate ? null : prepared.write.nextRunAt.toISOString(),
    recipients: prepared.recipients,
  };
}

export async function updateSend(ctx: AppContext, auth: Actor, id: number, form: MessageForm) {
  const existing = await q.findSend(ctx.db.$client, auth.accountId, id);
  if (!existing) throw new AppError("NOT_FOUND", SEND_TEXT.notFound);
  if (existing.status !== "scheduled") throw new AppError("CONFLICT", SEND_TEXT.alreadyStarted);
  const prepared = await prepare(ctx, auth, form);
  const updated = await q.updateScheduledSend(ctx.db.$client, id, prepared.write);
  if (!updated) throw new AppError("CONFLICT", SEND_TEXT.alreadyStarted);
  if (prepared.immediate) await wakePipeline(ctx.db.$client);
  return {
    id,
    status: prepared.immediate ? ("running" as const) : ("scheduled" as const),
    nextRunAt: prepared.immediate ? null : prepared.write.nextRunAt.toISOString(),
    recipients: prepared.recipients,
  };
}

export async function cancelSend(ctx: AppContext, auth: Actor, id: number) {
  const existing = await q.findSend(ctx.db.$client, auth.accountId, id);
  if (!existing) throw new AppError("NOT_FOUND", SEND_TEXT.notFound);
  const cancelled = await q.cancelScheduledSend(ctx.db.$client, auth.accountId, id);
  if (!cancelled) throw new AppError("CONFLICT", SEND_TEXT.alreadyStarted);
  return { id, status: "cancelled" as const };
}

export async function getSend(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findSend(ctx.db.$client, auth.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", SEND_TEXT.notFound);
  return {
    id: row.id,
    form: row.form as Record<string, unknown>,
    status: row.status,
    nextRunAt: row.nextRunAt ? row.nextRunAt.toISOString() : null,
    runCount: row.runCount,
  };
}
