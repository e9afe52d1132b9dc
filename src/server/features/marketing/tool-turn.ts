import type { MessageSource } from "../../../domain/credit-rule";
import { composeOptInReply } from "../../../domain/keywords";
import type { SignupMethod } from "../../../domain/signup-methods";
import type { Executor } from "../../db/connection";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { queueMessage } from "../outbound/outbound.service";
import { recordOptInConsent } from "../subscribers/opt-in-consent";
import type * as q from "./marketing.queries";

export interface InboundForMarketing {
  accountId: number;
  number: { id: number; number: string };
  from: string;
  body: string;
  messageId: number;
  subscriberId: number;
  at?: Date;
}

/** What a tool's texted word does, given the program and the person. */
export interface ToolTurn {
  ctx: AppContext;
  m: InboundForMarketing;
  program: q.ProgramRow & { byCancel: boolean };
  rest: string;
  now: Date;
  business: string;
}

/**
 * Texting a program's word is the person's own request: when they had no marketing consent, it
 * is recorded now with the text as evidence (and the reply then carries the carrier disclosures).
 * True when consent is new.
 */
export async function consentFromText(
  tx: Executor,
  t: ToolTurn,
  method: SignupMethod = "KEYWORD",
): Promise<boolean> {
  return recordOptInConsent(tx, {
    accountId: t.m.accountId,
    subscriberId: t.m.subscriberId,
    phone: t.m.from,
    source: "keyword",
    method,
    detail: `Texted ${t.program.keywordNorm} ("${t.m.body.trim().slice(0, 160)}") for ${t.program.kind} "${t.program.name}" to ${t.m.number.number} at ${t.now.toISOString()}, inbound message ${t.m.messageId}`,
    phoneNumberId: t.m.number.id,
    messageId: t.m.messageId,
    at: t.now,
  });
}

/** Answers the texter on the number they wrote to (the program name first; disclosures if new). */
export async function answer(
  t: ToolTurn,
  body: string,
  newConsent: boolean,
): Promise<number | null> {
  const text = newConsent
    ? composeOptInReply(body, t.business).full
    : body.toLowerCase().startsWith(t.business.toLowerCase())
      ? body
      : `${t.business}: ${body}`;
  return textPerson(t.ctx, {
    accountId: t.m.accountId,
    from: t.m.number,
    to: t.m.from,
    body: text,
    subscriberId: t.m.subscriberId,
    source: "marketing_reply",
    transactional: true,
  });
}

/**
 * One text through the outbound path. A number that opted out in the meantime is refused there:
 * that is not an error of the tool, so it is logged and null returned.
 */
export async function textPerson(
  ctx: AppContext,
  msg: {
    accountId: number;
    from: { id: number; number: string };
    to: string;
    body: string;
    subscriberId: number;
    source: MessageSource;
    transactional: boolean;
  },
): Promise<number | null> {
  try {
    const queued = await queueMessage(ctx, {
      accountId: msg.accountId,
      from: msg.from,
      to: msg.to,
      body: msg.body,
      source: msg.source,
      subscriberId: msg.subscriberId,
      messageClass: msg.transactional ? "transactional" : "marketing",
    });
    return queued.id;
  } catch (err) {
    log.error({ component: "marketing", to: msg.to, err }, "text not queued");
    return null;
  }
}
