import { createHash, randomInt, randomUUID } from "node:crypto";
import { consentPageUrl } from "../../../domain/consent-evidence";
import { AppError } from "../../../domain/errors";
import { codeStepBlocks, doneBlocks, OPTIN_TEXTS, showsOnUrl } from "../../../domain/optin-forms";
import { toE164 } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { recordEvent } from "../events/events.service";
import {
  botFormKey,
  createBotChallenge,
  spendBotProof,
  verifyBotProof,
} from "../growth/bot-challenge";
import { reservePublicText } from "../growth/public-form-texts";
import { defaultNumber } from "../numbers/numbers.service";
import { queueMessage } from "../outbound/outbound.service";
import {
  addToGroups,
  recordOptInConsent,
  upsertOptInSubscriber,
} from "../subscribers/opt-in-consent";
import * as q from "./optin-forms.queries";
import { NO_FORM_JSON, popupRender } from "./popup-render";

/**
 * The popup's three public calls (spec doc 3 §7): render a form for a page, submit its fields
 * (a code is texted to the number), confirm the code (the number is subscribed with the page,
 * the consent text and the code as evidence). A view is one showing of the form; it carries the
 * submitted number and the code, so nothing is kept in the browser but its id.
 */
const CODE_TTL_MS = 10 * 60_000;
const VIEW_TTL_MS = 24 * 3600_000;
const MAX_CODE_SENDS = 5;
const MAX_ATTEMPTS = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const hash = (code: string, viewId: string) =>
  createHash("sha256").update(`${viewId}:${code}`).digest("hex");

/**
 * The popup's answer for a page, as JSON text: the first active form whose address rule fits the
 * page, with a new view written for this visitor, or no form. Whether the visitor saw it lately
 * (the frequency) is the browser's to know; the address rule is checked here on each render.
 */
export async function renderForm(
  ctx: AppContext,
  input: { url: string; accountName: string },
): Promise<string> {
  const render = popupRender(ctx);
  const entry = await render.formsOf(input.accountName);
  const form = entry.forms.find((f) => showsOnUrl(f.display, input.url));
  if (!form) return NO_FORM_JSON;
  const viewId = randomUUID();
  const written = await render.recordView({
    id: viewId,
    formId: form.id,
    url: input.url.slice(0, 2000),
  });
  if (!written) {
    // Paused or deleted in another process within the last second: read the forms again next time.
    if (entry.accountId !== null) render.forget(entry.accountId);
    return NO_FORM_JSON;
  }
  return form.head + viewId + form.tail;
}

async function viewOf(ctx: AppContext, viewId: string) {
  const view = await q.viewRow(ctx.db, viewId);
  if (!view || ctx.clock.now().getTime() - new Date(view.createdAt).getTime() > VIEW_TTL_MS)
    throw new AppError("NOT_FOUND", OPTIN_TEXTS.viewUnknown);
  return view;
}

async function sendingNumber(ctx: AppContext, accountId: number, phoneNumberId: number | null) {
  if (phoneNumberId !== null) {
    const own = await q.activeNumber(ctx.db, accountId, phoneNumberId);
    if (own) return own;
  }
  return defaultNumber(ctx, accountId);
}

const popupFormKey = (formId: number) => botFormKey("popup", formId);

/** The bot challenge the popup solves before each code is texted (the form of this view's). */
export async function popupChallenge(ctx: AppContext, viewId: string) {
  const view = await viewOf(ctx, viewId);
  return createBotChallenge(ctx, popupFormKey(view.formId));
}

export async function submitForm(
  ctx: AppContext,
  input: {
    viewId: string;
    fields: Record<string, string>;
    url: string;
    resend: boolean;
    proof: string;
  },
  facts: { ip: string },
) {
  const view = await viewOf(ctx, input.viewId);
  if (view.confirmedAt)
    return { data: { step: "done" as const, blocks: doneBlocks(), number: view.phone ?? "" } };
  let phone = view.phone;
  let fields = view.fields ?? {};
  if (!input.resend || !phone) {
    const required = view.blocks.flatMap((b) => (b.type === "fields" ? b.required : []));
    for (const key of required)
      if (!(input.fields[key] ?? "").trim()) throw new AppError("VALIDATION", OPTIN_TEXTS.required);
    phone = toE164(input.fields.phone ?? "");
    if (!phone)
      throw new AppError("VALIDATION", OPTIN_TEXTS.invalidPhone, {
        fields: { phone: OPTIN_TEXTS.invalidPhone },
      });
    const email = (input.fields.email ?? "").trim();
    if (email && !EMAIL.test(email))
      throw new AppError("VALIDATION", OPTIN_TEXTS.invalidEmail, {
        fields: { email: OPTIN_TEXTS.invalidEmail },
      });
    fields = Object.fromEntries(
      Object.entries(input.fields)
        .filter(([k]) => ["firstName", "lastName", "email", "phone"].includes(k))
        .map(([k, v]) => [k, v.trim().slice(0, 100)]),
    );
  }
  if (view.codeSends >= MAX_CODE_SENDS)
    throw new AppError("RATE_LIMITED", OPTIN_TEXTS.tooManyCodes);
  const number = await sendingNumber(ctx, view.accountId, view.phoneNumberId);
  if (!number) throw new AppError("CONFLICT", OPTIN_TEXTS.notFound);
  // Every code texted costs the visitor a solved bot challenge of this form, used once.
  const form = popupFormKey(view.formId);
  const botFailed = () =>
    new AppError("BAD_REQUEST", OPTIN_TEXTS.botFailed, { reason: "bot_check" });
  const proof = await verifyBotProof(ctx, input.proof, form);
  if (!proof) throw botFailed();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.transaction(async (tx) => {
    if (!(await spendBotProof(tx, proof))) throw botFailed();
    await reservePublicText(tx, { accountId: view.accountId, form, phone, ip: facts.ip });
    await q.recordSubmission(tx, view.id, view.formId, {
      phone,
      fields,
      codeHash: hash(code, view.id),
      codeExpiresAt: new Date(ctx.clock.now().getTime() + CODE_TTL_MS),
      url: input.url.slice(0, 2000),
      first: view.submittedAt === null,
    });
  });
  await queueMessage(ctx, {
    accountId: view.accountId,
    from: number,
    to: phone,
    body: `${view.businessName}: ${code} is your confirmation code. It expires in 10 minutes.`,
    source: "optin_code",
  }).catch((err: Error) => {
    throw new AppError("CONFLICT", err.message);
  });
  return {
    data: { step: "code" as const, blocks: codeStepBlocks(phone.slice(-4)), number: phone },
  };
}

export async function confirmForm(
  ctx: AppContext,
  input: { viewId: string; code: string; number: string; url: string },
  facts: { ip: string; userAgent: string },
) {
  const view = await viewOf(ctx, input.viewId);
  if (view.confirmedAt)
    return { data: { step: "done" as const, blocks: doneBlocks(), number: view.phone ?? "" } };
  const given = input.number ? toE164(input.number) : view.phone;
  const ok =
    view.phone !== null &&
    given === view.phone &&
    view.codeHash !== null &&
    view.attempts < MAX_ATTEMPTS &&
    view.codeExpiresAt !== null &&
    new Date(view.codeExpiresAt).getTime() > ctx.clock.now().getTime() &&
    hash(input.code.trim(), view.id) === view.codeHash;
  if (!ok) {
    await q.countFailedAttempt(ctx.db, view.id);
    throw new AppError("BAD_REQUEST", OPTIN_TEXTS.invalidCode, { reason: "invalid_code" });
  }
  const phone = view.phone!;
  const consentText = view.blocks
    .filter((b) => b.type === "consent")
    .map((b) => (b as { text: string }).text)
    .join(" ");
  await ctx.db.transaction(async (tx) => {
    const sub = await upsertOptInSubscriber(tx, view.accountId, {
      phone,
      method: "SIGN_UP_FORM",
      source: "optin_form",
      firstName: view.fields.firstName ?? "",
      lastName: view.fields.lastName ?? "",
      email: view.fields.email ?? "",
    });
    await addToGroups(tx, view.accountId, view.groupIds, sub.id);
    await recordOptInConsent(tx, {
      accountId: view.accountId,
      subscriberId: sub.id,
      phone,
      source: "optin_form",
      method: "SIGN_UP_FORM",
      detail: JSON.stringify({
        page: "optin_form",
        formId: view.formId,
        viewId: view.id,
        url: consentPageUrl(input.url) ?? consentPageUrl(view.url),
        consentText,
        confirmedBy: "code texted to the number",
        ip: facts.ip,
        userAgent: facts.userAgent.slice(0, 400),
      }),
      at: ctx.clock.now(),
    });
    await q.recordConfirmation(tx, view.id, view.formId);
    await recordEvent(tx, {
      accountId: view.accountId,
      type: "optin_form.submitted",
      subscriberId: sub.id,
      data: { formId: view.formId },
    });
  });
  return { data: { step: "done" as const, blocks: doneBlocks(), number: phone } };
}
