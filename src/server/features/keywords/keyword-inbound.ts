import { AppError } from "../../../domain/errors";
import {
  composeOptInReply,
  DEFAULT_DOUBLE_OPT_IN_QUESTION,
  isConfirmation,
  keywordOfText,
} from "../../../domain/keywords";
import { isSignupMethod } from "../../../domain/signup-methods";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { recordEvent } from "../events/events.service";
import { queueMessage } from "../outbound/outbound.service";
import {
  addToGroups,
  alreadyConsented,
  fillSubscriberField,
  recordOptInConsent,
} from "../subscribers/opt-in-consent";
import * as q from "./keywords.queries";
import { programNameOf } from "./keywords.service";

export interface InboundForKeywords {
  accountId: number;
  /** Our number the text came to. */
  number: { id: number; number: string };
  from: string;
  body: string;
  messageId: number;
  subscriberId: number;
  at?: Date;
}

/** How long a double opt-in question or a "what's your first name?" waits for its answer. */
const PENDING_MS = 24 * 3600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ASK_NAME = "What's your first name? Reply with it to personalise our texts.";
const ASK_EMAIL = "What's your e-mail address? Reply with it to get our news by e-mail too.";
const THANKS = "Thanks! You're all set.";

/**
 * The keyword step of the inbound path, after compliance (STOP/HELP/START never reach it):
 * answers a waiting question (Y to a double opt-in, a first name, an e-mail) or a keyword texted
 * alone or as "JOIN <keyword>". True when the text was consumed, so later steps (automated
 * replies, chatbots) leave it alone.
 */
export async function handleKeywordText(ctx: AppContext, m: InboundForKeywords): Promise<boolean> {
  const now = m.at ?? ctx.clock.now();
  const pending = await q.findPending(ctx.db, m.accountId, m.from, now);
  if (pending && (await answerPending(ctx, m, pending, now))) return true;

  const word = keywordOfText(m.body);
  if (!word) return false;
  const kw = await q.matchKeyword(ctx.db, m.accountId, m.number.id, word, now);
  if (!kw) return false;
  const program = await programNameOf(ctx.db, m.accountId);

  if (await alreadyConsented(ctx.db, m.accountId, m.subscriberId)) {
    // Already on the list: the groups still apply, the answer is the "already subscribed" one.
    await ctx.db.transaction(async (tx) => {
      await addToGroups(tx, m.accountId, kw.groupIds, m.subscriberId);
      await recordEvent(tx, {
        accountId: m.accountId,
        type: "keyword.joined",
        subscriberId: m.subscriberId,
        data: { keywordId: kw.id, keyword: kw.keyword, alreadySubscribed: true },
      });
    });
    await reply(ctx, m, composeOptInReply(kw.alreadySubscribedReply || kw.reply, program).full);
    return true;
  }

  if (kw.doubleOptIn) {
    await q.replacePending(ctx.db, {
      accountId: m.accountId,
      phone: m.from,
      kind: "keyword",
      stage: "confirm",
      refId: kw.id,
      data: { messageId: m.messageId, subscriberId: m.subscriberId },
      expiresAt: new Date(now.getTime() + PENDING_MS),
    });
    await reply(ctx, m, composeOptInReply(DEFAULT_DOUBLE_OPT_IN_QUESTION, program).full);
    return true;
  }
  await join(ctx, m, kw, program, now, m.messageId);
  return true;
}

type MatchedKeyword = NonNullable<Awaited<ReturnType<typeof q.matchKeyword>>>;

async function join(
  ctx: AppContext,
  m: InboundForKeywords,
  kw: MatchedKeyword,
  program: string,
  now: Date,
  messageId: number,
) {
  await ctx.db.transaction(async (tx) => {
    await recordOptInConsent(tx, {
      accountId: m.accountId,
      subscriberId: m.subscriberId,
      phone: m.from,
      source: "keyword",
      method: "KEYWORD",
      detail: `Texted keyword ${kw.keyword} ("${m.body.trim().slice(0, 160)}") to ${m.number.number} at ${now.toISOString()}, inbound message ${messageId}${kw.doubleOptIn ? ", confirmed with Y" : ""}`,
      phoneNumberId: m.number.id,
      messageId,
      at: now,
    });
    await addToGroups(tx, m.accountId, kw.groupIds, m.subscriberId);
    await q.insertJoin(tx, {
      accountId: m.accountId,
      keywordId: kw.id,
      subscriberId: m.subscriberId,
      phone: m.from,
      messageId,
      createdAt: now,
    });
    if (kw.askName || kw.askEmail) {
      await q.replacePending(tx, {
        accountId: m.accountId,
        phone: m.from,
        kind: "keyword",
        stage: kw.askName ? "first_name" : "email",
        refId: kw.id,
        data: { subscriberId: m.subscriberId, askEmail: kw.askEmail },
        expiresAt: new Date(now.getTime() + PENDING_MS),
      });
    } else {
      await q.clearPending(tx, m.accountId, m.from);
    }
    // subscriber.created comes from the subscribers table's trigger (0018), on any path.
    await recordEvent(tx, {
      accountId: m.accountId,
      type: "keyword.joined",
      subscriberId: m.subscriberId,
      data: { keywordId: kw.id, keyword: kw.keyword },
    });
  });
  await reply(ctx, m, composeOptInReply(kw.reply, program).full);
  if (kw.askName) await reply(ctx, m, ASK_NAME);
  else if (kw.askEmail) await reply(ctx, m, ASK_EMAIL);
}

async function answerPending(
  ctx: AppContext,
  m: InboundForKeywords,
  pending: q.PendingRow,
  now: Date,
): Promise<boolean> {
  const text = m.body.trim();
  if (pending.kind === "sign_up_page") {
    // A sign-up page with double opt-in: the Y to its confirmation text completes the consent.
    if (pending.stage !== "confirm" || !isConfirmation(text)) return false;
    const program = await programNameOf(ctx.db, m.accountId);
    await ctx.db.transaction(async (tx) => {
      await recordOptInConsent(tx, {
        accountId: m.accountId,
        subscriberId: m.subscriberId,
        phone: m.from,
        // A tracker page's sign-up keeps its own source and method (web banner, …).
        source: typeof pending.data.source === "string" ? pending.data.source : "sign_up_form",
        method: isSignupMethod(pending.data.method) ? pending.data.method : "SIGN_UP_FORM",
        detail: `${String(pending.data.evidence ?? "")} Confirmed by texting "${text.slice(0, 20)}" to ${m.number.number} at ${now.toISOString()}, inbound message ${m.messageId}`,
        phoneNumberId: m.number.id,
        messageId: m.messageId,
        at: now,
      });
      await q.clearPending(tx, m.accountId, m.from);
    });
    // The answer speaks the language the page was signed in.
    const es = pending.data.lang === "es";
    await reply(
      ctx,
      m,
      composeOptInReply(
        es
          ? "¡Gracias, su suscripción está confirmada!"
          : "Thanks, your subscription is confirmed!",
        program,
        es ? "es" : "en",
      ).full,
    );
    return true;
  }
  if (pending.stage === "confirm") {
    if (!isConfirmation(text) || pending.refId === null) return false;
    const kw = await keywordById(ctx, m, pending.refId, now);
    if (!kw) {
      await q.clearPending(ctx.db, m.accountId, m.from);
      return false;
    }
    await join(ctx, m, kw, await programNameOf(ctx.db, m.accountId), now, m.messageId);
    return true;
  }
  if (pending.stage === "first_name") {
    // A name is a short line of letters; anything else (a question) goes on to the inbox.
    if (text.length === 0 || text.length > 40 || !/^[\p{L}' .-]+$/u.test(text)) return false;
    const askEmail = pending.data.askEmail === true;
    await ctx.db.transaction(async (tx) => {
      await fillSubscriberField(tx, m.accountId, m.subscriberId, "first_name", text);
      if (askEmail) {
        await q.replacePending(tx, { ...withoutId(pending), stage: "email" });
      } else await q.clearPending(tx, m.accountId, m.from);
    });
    await reply(ctx, m, askEmail ? ASK_EMAIL : THANKS);
    return true;
  }
  if (pending.stage === "email") {
    if (!EMAIL.test(text) || text.length > 200) return false;
    await ctx.db.transaction(async (tx) => {
      await fillSubscriberField(tx, m.accountId, m.subscriberId, "email", text);
      await q.clearPending(tx, m.accountId, m.from);
    });
    await reply(ctx, m, THANKS);
    return true;
  }
  return false;
}

function withoutId(p: q.PendingRow) {
  const { id: _id, createdAt: _c, ...rest } = p;
  return rest;
}

async function keywordById(ctx: AppContext, m: InboundForKeywords, id: number, now: Date) {
  const row = await q.findKeyword(ctx.db, m.accountId, id);
  if (row?.status !== "active") return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
  return {
    id: row.id,
    keyword: row.keywordNorm,
    reply: row.reply,
    alreadySubscribedReply: row.alreadySubscribedReply,
    doubleOptIn: row.doubleOptIn,
    askName: row.askName,
    askEmail: row.askEmail,
    groupIds: row.groupIds,
  };
}

async function reply(ctx: AppContext, m: InboundForKeywords, body: string) {
  await queueMessage(ctx, {
    accountId: m.accountId,
    from: m.number,
    to: m.from,
    body,
    source: "keyword_reply",
    subscriberId: m.subscriberId,
  }).catch((err) => {
    // An account out of credits sends no keyword reply; the person's keyword still counts.
    if (!(err instanceof AppError) || !err.code.startsWith("INSUFFICIENT_")) throw err;
    log.warn(
      { component: "keywords", accountId: m.accountId },
      "keyword reply not sent: no credits",
    );
  });
}
