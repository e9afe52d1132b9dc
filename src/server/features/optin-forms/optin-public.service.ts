import { createHash, randomInt, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { consentPageUrl } from "../../../domain/consent-evidence";
import { AppError } from "../../../domain/errors";
import {
  codeStepBlocks,
  doneBlocks,
  OPTIN_TEXTS,
  type OptinBlock,
  optinFormInput,
  showsOnUrl,
} from "../../../domain/optin-forms";
import { toE164 } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { accountByName } from "../account/account-records.service";
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

export async function renderForm(ctx: AppContext, input: { url: string; accountName: string }) {
  const account = await accountByName(ctx.db, input.accountName);
  if (!account) return { data: null };
  const { rows } = await ctx.db.execute<{
    id: number;
    container: unknown;
    blocks: unknown;
    display: unknown;
  }>(
    sql`select id, container, blocks, display from optin_forms
         where account_id = ${account.id} and status = 'active' order by id desc limit 20`,
  );
  for (const row of rows) {
    const form = optinFormInput.safeParse({
      name: "x",
      container: row.container,
      blocks: row.blocks,
      display: row.display,
    });
    if (!form.success || !showsOnUrl(form.data.display, input.url)) continue;
    const viewId = randomUUID();
    await ctx.db.execute(
      sql`with v as (insert into optin_form_views (id, account_id, form_id, url)
                     values (${viewId}, ${account.id}, ${row.id}, ${input.url.slice(0, 2000)}))
          update optin_forms set views = views + 1 where id = ${row.id}`,
    );
    return {
      data: {
        formId: row.id,
        displaySetting: form.data.display,
        viewId,
        container: form.data.container,
        blocks: form.data.blocks,
      },
    };
  }
  return { data: null };
}

async function viewOf(ctx: AppContext, viewId: string) {
  const { rows } = await ctx.db.execute<{
    id: string;
    accountId: number;
    formId: number;
    phone: string | null;
    codeHash: string | null;
    codeExpiresAt: Date | null;
    codeSends: number;
    attempts: number;
    submittedAt: Date | null;
    confirmedAt: Date | null;
    createdAt: Date;
    blocks: OptinBlock[];
    groupIds: number[];
    phoneNumberId: number | null;
    businessName: string;
    url: string;
    fields: Record<string, string>;
  }>(
    sql`select v.id, v.account_id as "accountId", v.form_id as "formId", v.phone, v.code_hash as "codeHash",
               v.code_expires_at as "codeExpiresAt", v.code_sends as "codeSends", v.attempts,
               v.submitted_at as "submittedAt", v.confirmed_at as "confirmedAt", v.created_at as "createdAt",
               f.blocks, f.group_ids as "groupIds", f.phone_number_id as "phoneNumberId",
               a.business_name as "businessName", v.url, v.fields
          from optin_form_views v join optin_forms f on f.id = v.form_id
          join accounts a on a.id = v.account_id
         where v.id = ${viewId} and f.status = 'active'`,
  );
  const view = rows[0];
  if (!view || ctx.clock.now().getTime() - new Date(view.createdAt).getTime() > VIEW_TTL_MS)
    throw new AppError("NOT_FOUND", OPTIN_TEXTS.viewUnknown);
  return view;
}

async function sendingNumber(ctx: AppContext, accountId: number, phoneNumberId: number | null) {
  if (phoneNumberId !== null) {
    const { rows } = await ctx.db.execute<{ id: number; number: string }>(
      sql`select id, number from phone_numbers where id = ${phoneNumberId} and account_id = ${accountId} and state = 'active'`,
    );
    if (rows[0]) return rows[0];
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
    await tx.execute(
      sql`with v as (
          update optin_form_views set phone = ${phone}, fields = ${JSON.stringify(fields)}::jsonb,
                 code_hash = ${hash(code, view.id)}, code_expires_at = ${new Date(ctx.clock.now().getTime() + CODE_TTL_MS)},
                 code_sends = code_sends + 1, attempts = 0,
                 submitted_at = coalesce(submitted_at, now()), url = coalesce(nullif(${input.url.slice(0, 2000)}, ''), url)
           where id = ${view.id} returning ${view.submittedAt === null}::boolean as first)
        update optin_forms set submissions = submissions + 1
         where id = ${view.formId} and exists (select 1 from v where first)`,
    );
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
    await ctx.db.execute(
      sql`update optin_form_views set attempts = attempts + 1 where id = ${view.id}`,
    );
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
    await tx.execute(
      sql`with v as (update optin_form_views set confirmed_at = now() where id = ${view.id})
          update optin_forms set confirmations = confirmations + 1 where id = ${view.formId}`,
    );
    await recordEvent(tx, {
      accountId: view.accountId,
      type: "optin_form.submitted",
      subscriberId: sub.id,
      data: { formId: view.formId },
    });
  });
  return { data: { step: "done" as const, blocks: doneBlocks(), number: phone } };
}
