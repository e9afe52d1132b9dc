import { consentPageUrl } from "../../../domain/consent-evidence";
import { type CustomFieldType, normalizeAttribute } from "../../../domain/custom-fields.schemas";
import { AppError } from "../../../domain/errors";
import {
  composeOptInReply,
  DEFAULT_DOUBLE_OPT_IN_QUESTION,
  DEFAULT_DOUBLE_OPT_IN_QUESTION_ES,
} from "../../../domain/keywords";
import { assertCan } from "../../../domain/permissions";
import { toE164 } from "../../../domain/phone";
import type { SignupMethod } from "../../../domain/signup-methods";
import {
  consentLine,
  DEFAULT_SIGNUP_CONFIG,
  FIELD_STATUS,
  type PublicSignupPage,
  type SignupPageConfig,
  type SignupSubmission,
  signupPageConfig,
  signupText,
  validateSignup,
} from "../../../domain/signup-page";
import type { Executor } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { log } from "../../log";
import { accountByName } from "../account/account-records.service";
import { customFieldsOf } from "../custom-fields/custom-fields.service";
import { recordEvent } from "../events/events.service";
import { ownStaticGroups } from "../groups/groups.service";
import { botFormKey, spendBotProof, verifyBotProof } from "../growth/bot-challenge";
import { reservePublicText } from "../growth/public-form-texts";
import { defaultNumber } from "../numbers/numbers.service";
import { queueMessage } from "../outbound/outbound.service";
import {
  addToGroups,
  recordOptInConsent,
  upsertOptInSubscriber,
} from "../subscribers/opt-in-consent";
import * as q from "./signup-page.queries";

const PENDING_MS = 24 * 3600_000;

async function pageRow(db: Executor, accountId: number) {
  const row = await q.storedPage(db, accountId);
  if (!row) return { config: DEFAULT_SIGNUP_CONFIG, version: 0, live: true };
  // Stored configs are read through the schema: a field added later gets its default.
  const parsed = signupPageConfig.safeParse(row.config);
  return {
    config: parsed.success ? parsed.data : DEFAULT_SIGNUP_CONFIG,
    version: row.version,
    live: row.live,
  };
}

export async function getEditorPage(ctx: AppContext, auth: Actor) {
  const page = await pageRow(ctx.db, auth.accountId);
  const account = (await q.accountNames(ctx.db, auth.accountId))!;
  return {
    accountName: account.accountName,
    businessName: account.businessName,
    formVersion: page.version,
    live: page.live,
    config: page.config,
    publicUrl: `${ctx.config.publicBase}/subscribe/${encodeURIComponent(account.accountName)}`,
  };
}

export async function saveEditorPage(
  ctx: AppContext,
  auth: Actor,
  input: { config: SignupPageConfig; live: boolean },
) {
  assertCan(auth, "settings:write");
  // Only the account's own groups and fields may be offered.
  const groups = await ownStaticGroups(ctx, auth.accountId, input.config.groupIds);
  const fields = new Set((await customFieldsOf(ctx, auth.accountId)).map((f) => String(f.id)));
  const config: SignupPageConfig = {
    ...input.config,
    groupIds: groups.map((x) => x.id),
    customFields: Object.fromEntries(
      Object.entries(input.config.customFields).filter(([id]) => fields.has(id)),
    ),
    elementOrder: input.config.elementOrder.filter(
      (k) => !k.startsWith("field:") || fields.has(k.slice(6)),
    ),
  };
  await q.savePage(ctx.db, auth.accountId, config, input.live);
  return getEditorPage(ctx, auth);
}

export async function publicPageOf(ctx: AppContext, accountName: string) {
  const account = await accountByName(ctx.db, accountName);
  if (!account) throw new AppError("NOT_FOUND", signupText("en", "notFound"));
  const page = await pageRow(ctx.db, account.id);
  const groups = await ownStaticGroups(ctx, account.id, page.config.groupIds);
  const fields = await customFieldsOf(ctx, account.id);
  const { customFields, groupIds: _g, ...config } = page.config;
  const pub: PublicSignupPage = {
    accountName: account.accountName,
    businessName: account.businessName,
    formVersion: page.version,
    config,
    groups,
    customFields: fields
      .map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        options: f.options ?? [],
        status: customFields[String(f.id)] ?? FIELD_STATUS.hidden,
      }))
      .filter((f) => f.status !== FIELD_STATUS.hidden),
    privacyUrl: `/privacy/${encodeURIComponent(account.accountName)}`,
  };
  return { account, page, pub };
}

/** The name the sign-up page's bot challenges carry (an opt-in page's: optin-pages.service). */
export const signupFormKey = (accountId: number) => botFormKey("signup", accountId);

/** A bot challenge for the account's sign-up page; an unknown account has none. */
export async function signupChallengeForm(ctx: AppContext, accountName: string) {
  const account = await accountByName(ctx.db, accountName);
  if (!account) throw new AppError("NOT_FOUND", signupText("en", "notFound"));
  return signupFormKey(account.id);
}

/** GET /subscribe/:accountName's data (spec doc 3 §7 "get sign-up page by accountName"). */
export async function getPublicPage(ctx: AppContext, accountName: string) {
  const { page, pub } = await publicPageOf(ctx, accountName);
  if (!page.live)
    throw new AppError("NOT_FOUND", signupText("en", "notLive"), { reason: "not_live" });
  return pub;
}

export interface SignupRequestFacts {
  ip: string;
  userAgent: string;
  url: string;
}

/** A sign-up through an opt-in tracker page rather than the sign-up page itself. */
export interface SignupVia {
  pageId: number;
  slug: string;
  /** The tracker's own groups, added whatever the visitor ticks. */
  groupIds: number[];
  method: SignupMethod;
  /** The tracker's name in bot challenges (optin-pages.service trackerFormKey). */
  formKey: string;
}

/**
 * A visitor signs up (spec doc 3 §7 "submit sign-up page"): the bot proof, the form rules, then
 * the subscriber (method Sign Up Form), their groups and fields, and the consent evidence (IP,
 * browser, page version, the exact consent line shown). With double opt-in, consent waits for
 * their Y to the confirmation text.
 */
export async function submitSignup(
  ctx: AppContext,
  accountName: string,
  s: SignupSubmission,
  facts: SignupRequestFacts,
  via?: SignupVia,
) {
  const lang = s.lang;
  const { account, page, pub } = await publicPageOf(ctx, accountName);
  // A tracker page has its own switch (checked by its caller); the sign-up page's is this one.
  if (!page.live && !via)
    throw new AppError("NOT_FOUND", signupText(lang, "notLive"), { reason: "not_live" });
  // A proof is solved for this one form and buys one sign-up (spent below, with the sign-up).
  const formKey = via?.formKey ?? signupFormKey(account.id);
  const botFailed = () =>
    new AppError("BAD_REQUEST", signupText(lang, "botFailed"), { reason: "bot_check" });
  const proof = await verifyBotProof(ctx, s.recaptchaToken, formKey);
  if (!proof) throw botFailed();

  const errors = validateSignup(s, pub, lang);
  const phone = errors.number ? null : toE164(s.number);
  if (!errors.number && !phone) errors.number = signupText(lang, "invalidPhone");
  // Custom field values, normalised as the subscriber form does.
  const attributes: Record<string, unknown> = {};
  for (const f of pub.customFields) {
    const raw = s.subscriberFields[String(f.id)];
    const r = normalizeAttribute(
      { name: f.name, type: f.type as CustomFieldType, options: f.options },
      raw,
    );
    if (!r.ok) errors[`field:${f.id}`] = r.message;
    else if (r.value !== undefined) attributes[String(f.id)] = r.value;
  }
  const first = Object.values(errors)[0];
  if (first || !phone)
    throw new AppError("VALIDATION", first ?? signupText(lang, "invalidPhone"), { fields: errors });

  const groups = await ownStaticGroups(ctx, account.id, [...s.groupIds, ...(via?.groupIds ?? [])]);
  const method: SignupMethod = via?.method ?? "SIGN_UP_FORM";
  const source = via ? "optin_page" : "sign_up_form";
  const shown = consentLine(lang, account.businessName);
  const evidence = JSON.stringify({
    page: via ? `opt_in_page:${via.slug}` : "sign_up_page",
    formVersion: page.version,
    lang,
    consentText: shown,
    ip: facts.ip,
    userAgent: facts.userAgent.slice(0, 400),
    url: consentPageUrl(facts.url),
  });
  const number = await defaultNumber(ctx, account.id);
  const confirmFirst = page.config.doubleOptIn && number !== null;

  const result = await ctx.db.transaction(async (tx) => {
    if (!(await spendBotProof(tx, proof))) throw botFailed();
    const sub = await upsertOptInSubscriber(tx, account.id, {
      phone,
      method,
      source,
      firstName: s.firstName.trim(),
      lastName: s.lastName.trim(),
      email: s.email.trim(),
      attributes,
    });
    await addToGroups(
      tx,
      account.id,
      groups.map((x) => x.id),
      sub.id,
    );
    // Whoever typed the number has not shown it is theirs: texts to it are limited.
    if (number && !sub.hadConsent)
      await reservePublicText(
        tx,
        { accountId: account.id, form: formKey, phone, ip: facts.ip },
        signupText(lang, "tooManyTexts"),
      );
    if (confirmFirst && !sub.hadConsent) {
      await q.replacePendingConfirmation(
        tx,
        account.id,
        phone,
        { subscriberId: sub.id, evidence, method, source, lang },
        new Date(ctx.clock.now().getTime() + PENDING_MS),
      );
    } else {
      await recordOptInConsent(tx, {
        accountId: account.id,
        subscriberId: sub.id,
        phone,
        source,
        method,
        detail: evidence,
        at: ctx.clock.now(),
      });
    }
    if (via) await q.countTrackerSignup(tx, account.id, via.pageId);
    await recordEvent(tx, {
      accountId: account.id,
      type: "form.submitted",
      subscriberId: sub.id,
      data: { formId: null, kind: via ? "optin_page" : "sign_up_page" },
    });
    return sub;
  });

  const pending = confirmFirst && !result.hadConsent;
  if (number) {
    const es = lang === "es";
    const body = pending
      ? composeOptInReply(
          es ? DEFAULT_DOUBLE_OPT_IN_QUESTION_ES : DEFAULT_DOUBLE_OPT_IN_QUESTION,
          account.businessName,
          lang,
        ).full
      : result.hadConsent
        ? null
        : composeOptInReply(
            es ? "¡Gracias por suscribirse!" : "Thanks for signing up!",
            account.businessName,
            lang,
          ).full;
    if (body) {
      await queueMessage(ctx, {
        accountId: account.id,
        from: number,
        to: phone,
        body,
        source: "optin_reply",
        subscriberId: result.id,
      }).catch((err) => {
        // An opted-out number signing up again: the sign-up stands, the text is refused.
        log.error({ component: "signup-page", err }, "confirmation text not queued");
      });
    }
  }
  return {
    data: {
      subscribed: !pending,
      confirmationSent: pending,
      message: signupText(lang, pending ? "successConfirm" : "success"),
    },
  };
}
