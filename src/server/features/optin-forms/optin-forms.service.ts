import { sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors";
import {
  type OptinFormInput,
  type OptinFormResponse,
  optinFormInput,
} from "../../../domain/optin-forms";
import { assertCan } from "../../../domain/permissions";
import type { Actor, AppContext } from "../../http/context";
import { ownStaticGroups } from "../groups/groups.service";

const NOT_FOUND = "That opt-in form does not exist.";

type Row = {
  id: number;
  name: string;
  status: string;
  phoneNumberId: number | null;
  groupIds: number[];
  container: unknown;
  blocks: unknown;
  display: unknown;
  views: number;
  submissions: number;
  confirmations: number;
  createdAt: Date;
};

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

const columns = sql`id, name, status, phone_number_id as "phoneNumberId", group_ids as "groupIds",
  container, blocks, display, views, submissions, confirmations, created_at as "createdAt"`;

export async function listForms(ctx: AppContext, auth: Actor) {
  const { rows } = await ctx.db.execute<Row>(
    sql`select ${columns} from optin_forms where account_id = ${auth.accountId} order by id desc`,
  );
  const { rows: acc } = await ctx.db.execute<{ name: string }>(
    sql`select account_name as name from accounts where id = ${auth.accountId}`,
  );
  return {
    forms: rows.map(toResponse),
    accountName: acc[0]?.name ?? "",
    embedUrl: `${ctx.config.publicBase}/opt-in-forms/embed.js`,
  };
}

export async function getForm(ctx: AppContext, auth: Actor, id: number) {
  const { rows } = await ctx.db.execute<Row>(
    sql`select ${columns} from optin_forms where account_id = ${auth.accountId} and id = ${id}`,
  );
  if (!rows[0]) throw new AppError("NOT_FOUND", NOT_FOUND);
  return toResponse(rows[0]);
}

async function checkRefs(ctx: AppContext, auth: Actor, input: OptinFormInput) {
  if (input.phoneNumberId !== null) {
    const { rows } = await ctx.db.execute(
      sql`select 1 from phone_numbers where id = ${input.phoneNumberId} and account_id = ${auth.accountId}`,
    );
    if (!rows[0]) throw new AppError("NOT_FOUND", "That number does not exist.");
  }
  const groups = await ownStaticGroups(ctx, auth.accountId, input.groupIds);
  if (groups.length !== new Set(input.groupIds).size)
    throw new AppError("NOT_FOUND", "One of the groups does not exist.");
}

export async function createForm(ctx: AppContext, auth: Actor, input: OptinFormInput) {
  assertCan(auth, "settings:write");
  await checkRefs(ctx, auth, input);
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`insert into optin_forms (account_id, name, status, phone_number_id, group_ids, container, blocks, display)
        values (${auth.accountId}, ${input.name}, ${input.status}, ${input.phoneNumberId},
                ${`{${[...new Set(input.groupIds)].join(",")}}`}::int[], ${JSON.stringify(input.container)}::jsonb,
                ${JSON.stringify(input.blocks)}::jsonb, ${JSON.stringify(input.display)}::jsonb)
        returning id`,
  );
  return getForm(ctx, auth, rows[0]!.id);
}

export async function updateForm(ctx: AppContext, auth: Actor, id: number, input: OptinFormInput) {
  assertCan(auth, "settings:write");
  await getForm(ctx, auth, id);
  await checkRefs(ctx, auth, input);
  await ctx.db.execute(
    sql`update optin_forms set name = ${input.name}, status = ${input.status},
          phone_number_id = ${input.phoneNumberId},
          group_ids = ${`{${[...new Set(input.groupIds)].join(",")}}`}::int[],
          container = ${JSON.stringify(input.container)}::jsonb, blocks = ${JSON.stringify(input.blocks)}::jsonb,
          display = ${JSON.stringify(input.display)}::jsonb, updated_at = now()
        where id = ${id} and account_id = ${auth.accountId}`,
  );
  return getForm(ctx, auth, id);
}

export async function deleteForm(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "settings:write");
  const { rows } = await ctx.db.execute(
    sql`delete from optin_forms where id = ${id} and account_id = ${auth.accountId} returning id`,
  );
  if (!rows[0]) throw new AppError("NOT_FOUND", NOT_FOUND);
}
