import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import { isOwnMediaUrl, MEDIA_REF_TEXT } from "../../../domain/media-refs";
import { assertCan } from "../../../domain/permissions";
import {
  type ContentStatus,
  type listTemplatesQuery,
  STARTER_TEMPLATES,
  TEMPLATE_TEXTS,
  type Template,
  type templateRequest,
} from "../../../domain/templates";
import type { Executor } from "../../db/connection";
import { asSystem } from "../../db/tenant-scope";
import type { Actor, AppContext } from "../../http/context";
import { isParentAccount } from "../managed-accounts/managed-accounts.service";
import { listNumbers } from "../numbers/numbers.service";
import { tenDlcRegistered } from "../registrations/registrations.service";
import { getAccountSetting } from "../settings/settings.service";
import * as q from "./templates.queries";

type Body = z.infer<typeof templateRequest>;
type Query = z.infer<typeof listTemplatesQuery>;

export function toTemplate(row: q.TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    isMMS: row.isMms,
    attachment: row.attachment,
    requiresLink: row.requiresLink,
    controlled: row.kind === "controlled",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError("NOT_FOUND", TEMPLATE_TEXTS.notFound);

// ---- plain templates -------------------------------------------------------------------------

export async function listTemplates(ctx: AppContext, auth: Actor, query: Query) {
  const { rows, total } = await q.listTemplates(ctx.db, auth.accountId, "plain", {
    ...query,
    isMMS: query.isMMS === undefined ? undefined : query.isMMS === "true",
  });
  return {
    rows: rows.map(toTemplate),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canEdit: true,
  };
}

export async function getTemplate(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findTemplate(ctx.db, auth.accountId, "plain", id);
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function createTemplate(ctx: AppContext, auth: Actor, body: Body) {
  assertCan(auth, "templates:write");
  await assertOwnAttachment(ctx, auth, body);
  const row = await q.insertTemplate(ctx.db, {
    accountId: auth.accountId,
    kind: "plain",
    name: body.name,
    message: body.message,
    isMms: body.isMMS,
    attachment: body.isMMS ? body.attachment : null,
    requiresLink: false,
    createdBy: auth.userId,
  });
  return toTemplate(row);
}

export async function updateTemplate(ctx: AppContext, auth: Actor, id: number, body: Body) {
  assertCan(auth, "templates:write");
  await assertOwnAttachment(ctx, auth, body);
  const row = await q.updateTemplate(ctx.db, auth.accountId, "plain", id, {
    name: body.name,
    message: body.message,
    isMms: body.isMMS,
    attachment: body.isMMS ? body.attachment : null,
  });
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function deleteTemplate(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "templates:write");
  if ((await q.deleteTemplate(ctx.db, auth.accountId, "plain", id)) === 0) throw notFound();
}

/** Adds the five starter templates (the demo seed; the empty list's 'Add starter templates'). */
export async function addStarterTemplates(db: Executor, accountId: number, userId: number | null) {
  for (const t of [...STARTER_TEMPLATES].reverse()) {
    await q.insertTemplate(db, {
      accountId,
      kind: "plain",
      name: t.name,
      message: t.message,
      createdBy: userId,
    });
  }
}

export async function seedStarterTemplates(ctx: AppContext, auth: Actor) {
  assertCan(auth, "templates:write");
  await ctx.db.transaction(async (tx) => {
    if ((await q.countTemplates(tx, auth.accountId)) > 0) {
      throw new AppError("CONFLICT", "Starter templates are added to an empty list only.");
    }
    await addStarterTemplates(tx, auth.accountId, auth.userId);
  });
  return { added: STARTER_TEMPLATES.length };
}

// ---- controlled templates --------------------------------------------------------------------

/** Controlled templates live with the parent account; its children use them read-only. */
async function family(ctx: AppContext, auth: Actor) {
  const acc = await q.accountFamily(ctx.db, auth.accountId);
  if (acc?.parentAccountId != null) {
    return { role: "child" as const, ownerId: acc.parentAccountId };
  }
  // A parent: the agency plan, or an account that created child accounts (managed accounts).
  if (await isParentAccount(ctx, auth.accountId))
    return { role: "parent" as const, ownerId: auth.accountId };
  throw new AppError("FORBIDDEN", TEMPLATE_TEXTS.controlledOnly);
}

/**
 * Reads of the family's controlled templates: a child reads its parent's rows, another account's
 * on purpose, so asSystem (the query still names the parent: nothing else is seen).
 */
function familyRead<T>(f: { role: "parent" | "child" }, read: () => Promise<T>): Promise<T> {
  return f.role === "child" ? asSystem(read) : read();
}

async function parentOnly(ctx: AppContext, auth: Actor) {
  const f = await family(ctx, auth);
  if (f.role !== "parent") throw new AppError("FORBIDDEN", TEMPLATE_TEXTS.controlledReadOnly);
  return f;
}

export async function listControlled(ctx: AppContext, auth: Actor, query: Query) {
  const f = await family(ctx, auth);
  const { rows, total } = await familyRead(f, () =>
    q.listTemplates(ctx.db, f.ownerId, "controlled", {
      ...query,
      isMMS: query.isMMS === undefined ? undefined : query.isMMS === "true",
    }),
  );
  return {
    rows: rows.map(toTemplate),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canEdit: f.role === "parent",
  };
}

export async function getControlled(ctx: AppContext, auth: Actor, id: number) {
  const f = await family(ctx, auth);
  const row = await familyRead(f, () => q.findTemplate(ctx.db, f.ownerId, "controlled", id));
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function createControlled(ctx: AppContext, auth: Actor, body: Body) {
  assertCan(auth, "templates:write");
  const f = await parentOnly(ctx, auth);
  await assertOwnAttachment(ctx, auth, body);
  const row = await q.insertTemplate(ctx.db, {
    accountId: f.ownerId,
    kind: "controlled",
    name: body.name,
    message: body.message,
    isMms: body.isMMS,
    attachment: body.isMMS ? body.attachment : null,
    requiresLink: body.requiresLink,
    createdBy: auth.userId,
  });
  return toTemplate(row);
}

export async function updateControlled(ctx: AppContext, auth: Actor, id: number, body: Body) {
  assertCan(auth, "templates:write");
  const f = await parentOnly(ctx, auth);
  await assertOwnAttachment(ctx, auth, body);
  const row = await q.updateTemplate(ctx.db, f.ownerId, "controlled", id, {
    name: body.name,
    message: body.message,
    isMms: body.isMMS,
    attachment: body.isMMS ? body.attachment : null,
    requiresLink: body.requiresLink,
  });
  if (!row) throw notFound();
  return toTemplate(row);
}

export async function deleteControlled(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "templates:write");
  const f = await parentOnly(ctx, auth);
  if ((await q.deleteTemplate(ctx.db, f.ownerId, "controlled", id)) === 0) throw notFound();
}

// ---- the composer's view -----------------------------------------------------------------------

/**
 * What the composer greys out, from the same facts the content rule is asked with
 * (composer/content-check.ts): unverified toll-free (the account's only usable kind of number is
 * an unverified toll-free), the 10DLC registration that lets local numbers carry links, and
 * 'Templates only'.
 */
export async function contentStatus(ctx: AppContext, auth: Actor): Promise<ContentStatus> {
  const [numbers, acc, registered, templatesOnly] = await Promise.all([
    listNumbers(ctx, auth, { page: 1, pageSize: 500, search: "", type: "all" }),
    q.accountFamily(ctx.db, auth.accountId),
    tenDlcRegistered(ctx, auth.accountId),
    getAccountSetting(ctx, auth, "template_sending_only"),
  ]);
  const unverifiedTollFree =
    numbers.rows.some((n) => n.tollFree && !n.verified && n.state === "active") &&
    !numbers.rows.some((n) => n.verified);
  const controlledTemplates =
    acc?.parentAccountId != null
      ? "child"
      : (await isParentAccount(ctx, auth.accountId))
        ? "parent"
        : "none";
  return {
    unverifiedTollFree,
    controlledTemplates,
    tenDlcRegistered: registered,
    templatesOnly: templatesOnly.value === true,
  };
}

/** The pre-approved list unverified toll-free accounts pick from (listUnverifiedTFNTemplates). */
export function unverifiedTollFreeTemplates(query: Query) {
  const all = STARTER_TEMPLATES.map((t, i) => ({
    id: -(i + 1),
    name: t.name,
    message: t.message,
    isMMS: false,
    attachment: null,
    requiresLink: false,
    controlled: false,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  }));
  const needle = query.query.toLowerCase();
  const matching = all.filter(
    (t) =>
      !needle || t.name.toLowerCase().includes(needle) || t.message.toLowerCase().includes(needle),
  );
  const start = query.page * query.pageSize;
  return {
    rows: matching.slice(start, start + query.pageSize),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    canEdit: false,
  };
}

/**
 * Whether the account may use template `id` in a message: one of its own, or a controlled
 * template of its family. Also says whose media a family template may carry.
 */
export async function usableTemplate(ctx: AppContext, auth: Actor, id: number) {
  if (await q.findTemplate(ctx.db, auth.accountId, "plain", id)) return true;
  const acc = await q.accountFamily(ctx.db, auth.accountId);
  if (acc?.parentAccountId == null)
    return (await q.findTemplate(ctx.db, auth.accountId, "controlled", id)) !== undefined;
  // A child uses its parent's controlled templates: the parent's rows, read on purpose (asSystem).
  const parentId = acc.parentAccountId;
  return (
    (await asSystem(async () => await q.findTemplate(ctx.db, parentId, "controlled", id))) !==
    undefined
  );
}

/**
 * The words of template `id` as this account may send them (as `usableTemplate` finds it), for
 * the content rule: negative ids are the pre-approved list of unverified toll-free numbers.
 */
export async function templateForContent(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<{ message: string; preApproved: boolean; requiresLink: boolean } | null> {
  if (id < 0) {
    const starter = STARTER_TEMPLATES[-id - 1];
    return starter ? { message: starter.message, preApproved: true, requiresLink: false } : null;
  }
  const own =
    (await q.findTemplate(ctx.db, auth.accountId, "plain", id)) ??
    (await q.findTemplate(ctx.db, auth.accountId, "controlled", id));
  if (own) return { message: own.message, preApproved: false, requiresLink: own.requiresLink };
  const acc = await q.accountFamily(ctx.db, auth.accountId);
  if (acc?.parentAccountId == null) return null;
  const parentId = acc.parentAccountId;
  const family = await asSystem(
    async () => await q.findTemplate(ctx.db, parentId, "controlled", id),
  );
  return family
    ? { message: family.message, preApproved: false, requiresLink: family.requiresLink }
    : null;
}

/** Accounts whose uploads this account may send: its own and its parent's (family templates). */
export async function mediaOwnersFor(ctx: AppContext, auth: Actor): Promise<number[]> {
  const acc = await q.accountFamily(ctx.db, auth.accountId);
  return acc?.parentAccountId != null ? [auth.accountId, acc.parentAccountId] : [auth.accountId];
}

/** A template's attachment must be one of the account's own uploads (or its family's). */
async function assertOwnAttachment(ctx: AppContext, auth: Actor, body: Body) {
  if (!body.isMMS || !body.attachment) return;
  if (isOwnMediaUrl(body.attachment, await mediaOwnersFor(ctx, auth), ctx.config.publicBase))
    return;
  throw new AppError("VALIDATION", MEDIA_REF_TEXT.notOwn, {
    fields: { attachment: MEDIA_REF_TEXT.notOwn },
  });
}
