import { AppError } from "../../../domain/errors";
import {
  type OptinFormInput,
  type OptinFormResponse,
  optinFormInput,
} from "../../../domain/optin-forms";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { ownStaticGroups } from "../groups/groups.service";
import * as q from "./optin-forms.queries";
import { popupRender } from "./popup-render";

const NOT_FOUND = "That opt-in form does not exist.";

type Row = q.OptinFormRow;

function toResponse(r: Row): OptinFormResponse {
  // Stored JSON is read through the schema: a field added later gets its default.
  const parsed = optinFormInput.parse({
    name: r.name,
    status: r.status,
    phoneNumberId: r.phoneNumberId,
    groupIds: r.groupIds,
    container: r.container,
    blocks: r.blocks,
    display: r.display,
  });
  return {
    ...parsed,
    id: r.id,
    views: r.views,
    submissions: r.submissions,
    confirmations: r.confirmations,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export async function listForms(ctx: AppContext, auth: Actor) {
  const rows = await q.listFormRows(ctx.db, auth.accountId);
  const accountName = await q.accountNameOf(ctx.db, auth.accountId);
  return {
    forms: rows.map(toResponse),
    accountName: accountName ?? "",
    embedUrl: `${ctx.config.publicBase}/opt-in-forms/embed.js`,
  };
}

export async function getForm(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findFormRow(ctx.db, auth.accountId, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toResponse(row);
}

async function checkRefs(ctx: AppContext, auth: Actor, input: OptinFormInput) {
  if (input.phoneNumberId !== null) {
    if (!(await q.hasNumber(ctx.db, auth.accountId, input.phoneNumberId)))
      throw new AppError("NOT_FOUND", "That number does not exist.");
  }
  const groups = await ownStaticGroups(ctx, auth.accountId, input.groupIds);
  if (groups.length !== new Set(input.groupIds).size)
    throw new AppError("NOT_FOUND", "One of the groups does not exist.");
}

export async function createForm(ctx: AppContext, auth: Actor, input: OptinFormInput) {
  assertCan(auth, "settings:write");
  await checkRefs(ctx, auth, input);
  const id = await q.insertForm(ctx.db, auth.accountId, input);
  popupRender(ctx).forget(auth.accountId);
  return getForm(ctx, auth, id);
}

export async function updateForm(ctx: AppContext, auth: Actor, id: number, input: OptinFormInput) {
  assertCan(auth, "settings:write");
  await getForm(ctx, auth, id);
  await checkRefs(ctx, auth, input);
  await q.updateFormRow(ctx.db, auth.accountId, id, input);
  popupRender(ctx).forget(auth.accountId);
  return getForm(ctx, auth, id);
}

export async function deleteForm(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "settings:write");
  if (!(await q.deleteFormRow(ctx.db, auth.accountId, id)))
    throw new AppError("NOT_FOUND", NOT_FOUND);
  popupRender(ctx).forget(auth.accountId);
}
