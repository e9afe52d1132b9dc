import { createHash } from "node:crypto";
import {
  AUDIT_GENESIS,
  type AuditAction,
  type AuditActorKind,
  type AuditChanges,
  type AuditQuery,
  auditHashInput,
  verifyChain,
} from "../../../domain/audit";
import { type Actor, assertCan } from "../../../domain/permissions";
import { timezoneById } from "../../../domain/timezones";
import { asSystemOn } from "../../db/tenant-scope";
import type { AppContext } from "../../http/context";
import { currentRequestMeta, markAudited } from "../../http/request-meta";
import { accountTimezoneId } from "../account/account.service";
import { type CsvOut, csvText } from "../subscriber-exports/csv-writer";
import { userDisplayName } from "../users/user-display.service";
import { toAuditEvent } from "./audit.presenter";
import * as q from "./audit.queries";

export interface AuditEvent {
  action: AuditAction;
  target?: { type: string; id?: string | number | null; label?: string | null };
  /** The changed fields (diffFields in src/domain/audit.ts); never a secret. */
  changes?: AuditChanges;
}

/** Who did it, resolved to what the log stores. */
interface ResolvedActor {
  kind: AuditActorKind;
  id: string | null;
  name: string;
  actingAccountId: number | null;
  actingUserId: number | null;
}

/** The operator's command (npm run admin) acting on an account: no session, no key. */
export interface OperatorActor {
  kind: "operator";
  accountId: number;
  name?: string;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function nameOf(ctx: AppContext, accountId: number, userId: number | null) {
  if (userId === null) return null;
  return userDisplayName(ctx, accountId, userId);
}

async function resolveActor(ctx: AppContext, actor: Actor | OperatorActor): Promise<ResolvedActor> {
  if (actor.kind === "operator")
    return {
      kind: "operator",
      id: null,
      name: ("name" in actor && actor.name) || "Operator",
      actingAccountId: null,
      actingUserId: null,
    };
  const acting = "actingFor" in actor ? actor.actingFor : undefined;
  if (acting) {
    // The real person is a user of the parent account: their name is another account's row.
    const name = await asSystemOn(ctx.db.$client, () =>
      nameOf(ctx, acting.accountId, acting.userId),
    );
    return {
      kind: "parent",
      id: acting.userId === null ? null : String(acting.userId),
      name: name ?? `Parent account #${acting.accountId}`,
      actingAccountId: acting.accountId,
      actingUserId: acting.userId,
    };
  }
  if (actor.kind === "user") {
    const name = await nameOf(ctx, actor.accountId, actor.userId);
    return {
      kind: "user",
      id: String(actor.userId),
      name: name ?? `User #${actor.userId}`,
      actingAccountId: null,
      actingUserId: null,
    };
  }
  if (actor.kind === "api_key") {
    const key = currentRequestMeta()?.apiKey;
    const maker = await nameOf(ctx, actor.accountId, actor.userId);
    const label = key ? `API key "${key.name}"` : "API key";
    return {
      kind: "api_key",
      id: key ? String(key.id) : null,
      name: maker ? `${label} (${maker})` : label,
      actingAccountId: null,
      actingUserId: null,
    };
  }
  return {
    kind: "system",
    id: null,
    name: `System (${actor.kind})`,
    actingAccountId: null,
    actingUserId: null,
  };
}

/**
 * Records one event in the actor's account's log. Pass the context of the change's transaction
 * (`{ ...ctx, db: tx }`) so a rolled-back change leaves no row; on a pooled db it opens its own.
 * The chain is locked per account for the insert, so concurrent events queue instead of forking.
 */
export async function recordAudit(
  ctx: AppContext,
  actor: Actor | OperatorActor,
  event: AuditEvent,
): Promise<void> {
  await insertChained(ctx, actor.accountId, await resolveActor(ctx, actor), event);
}

/**
 * The row of a change made through a route whose service records none of its own
 * (http/change-audit.ts): its action is the route's (routeAuditAction), not one of AUDIT_ACTIONS.
 */
export async function recordRouteChange(
  ctx: AppContext,
  actor: Actor,
  event: Omit<AuditEvent, "action"> & { action: string },
): Promise<void> {
  await insertChained(ctx, actor.accountId, await resolveActor(ctx, actor), event);
}

/**
 * Records an edit when a field moved (`changes` from diffFields); an edit that moved nothing is
 * no row, and none is added for it at the route (markAudited).
 */
export async function recordAuditOfChanges(
  ctx: AppContext,
  actor: Actor | OperatorActor,
  event: AuditEvent & { changes: AuditChanges },
): Promise<void> {
  if (Object.keys(event.changes).length > 0) await recordAudit(ctx, actor, event);
  else markAudited();
}

/**
 * The admin command's record (`npm run admin`): no request and no session, so the operator is
 * named by the command and the machine's user who ran it.
 */
export async function recordOperatorAudit(
  ctx: Pick<AppContext, "db" | "clock">,
  accountId: number,
  name: string,
  event: AuditEvent,
): Promise<void> {
  await insertChained(
    ctx,
    accountId,
    { kind: "operator", id: null, name, actingAccountId: null, actingUserId: null },
    event,
  );
}

async function insertChained(
  ctx: Pick<AppContext, "db" | "clock">,
  accountId: number,
  who: ResolvedActor,
  event: Omit<AuditEvent, "action"> & { action: string },
): Promise<void> {
  const meta = currentRequestMeta();
  markAudited();
  await ctx.db.transaction(async (tx) => {
    await q.lockChain(tx, accountId);
    const head = await q.chainHead(tx, accountId);
    const prevHash = head?.hash ?? AUDIT_GENESIS;
    const fields = {
      accountId,
      seq: (head?.seq ?? 0) + 1,
      at: ctx.clock.now(),
      actorKind: who.kind,
      actorId: who.id,
      actorName: who.name,
      actingAccountId: who.actingAccountId,
      actingUserId: who.actingUserId,
      action: event.action,
      targetType: event.target?.type ?? null,
      targetId:
        event.target?.id === undefined || event.target.id === null ? null : String(event.target.id),
      targetLabel: event.target?.label ?? null,
      changes: event.changes ?? {},
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
    };
    await q.insertEvent(tx, {
      ...fields,
      prevHash,
      hash: sha256(auditHashInput(prevHash, fields)),
    });
  });
}

function filterOf(query: AuditQuery): q.AuditFilter {
  const day = 24 * 60 * 60 * 1000;
  return {
    actor: query.actor || undefined,
    action: query.action || undefined,
    // Whole days in UTC: `to` includes its day.
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + day) : undefined,
  };
}

export async function listAudit(ctx: AppContext, actor: Actor, query: AuditQuery) {
  assertCan(actor, "audit:read");
  const filter = filterOf(query);
  const [rows, total] = await Promise.all([
    q.listEvents(ctx.db, actor.accountId, filter, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    }),
    q.countEvents(ctx.db, actor.accountId, filter),
  ]);
  return { rows: rows.map(toAuditEvent), total, page: query.page, perPage: query.perPage };
}

const CSV_HEADER = [
  "id",
  "at",
  "actor_kind",
  "actor_id",
  "actor_name",
  "acting_account_id",
  "action",
  "target_type",
  "target_id",
  "target_label",
  "changes",
  "ip",
  "user_agent",
  "hash",
];

/** Checks the actor may read the log before its export starts (the export job writes it). */
export function assertCanExport(actor: Actor) {
  assertCan(actor, "audit:read");
}

/** The filtered log as CSV, newest first (at most 100,000 rows, read a page at a time). */
export async function writeAuditCsv(
  ctx: AppContext,
  accountId: number,
  query: AuditQuery,
  out: CsvOut,
): Promise<number> {
  const filter = filterOf(query);
  await out.row(CSV_HEADER.map((h) => (h === "at" ? out.at(h) : h)));
  const pageSize = 1000;
  let n = 0;
  for (let offset = 0; offset < 100_000; offset += pageSize) {
    const rows = await q.listEvents(ctx.db, accountId, filter, { limit: pageSize, offset });
    for (const r of rows)
      await out.row([
        r.id,
        out.time(r.at),
        r.actorKind,
        r.actorId,
        r.actorName,
        r.actingAccountId,
        r.action,
        r.targetType,
        r.targetId,
        r.targetLabel,
        JSON.stringify(r.changes ?? {}),
        r.ip,
        r.userAgent,
        r.hash,
      ]);
    n += rows.length;
    await out.progress(n);
    if (rows.length < pageSize) break;
  }
  return n;
}

/** The same CSV as one answer (the API's GET /api/v1/audit/export), in the account's zone. */
export async function exportAuditCsv(ctx: AppContext, actor: Actor, query: AuditQuery) {
  assertCan(actor, "audit:read");
  const zone = timezoneById(await accountTimezoneId(ctx.db, actor)).iana;
  return csvText(zone, (out) => writeAuditCsv(ctx, actor.accountId, query, out));
}

/** Walks the account's whole chain; names the first row that does not follow. */
export async function verifyAudit(ctx: AppContext, actor: Actor) {
  assertCan(actor, "audit:read");
  let prevHash = AUDIT_GENESIS;
  let prevSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = await q.chainBatch(ctx.db, actor.accountId, prevSeq, 1000);
    const result = verifyChain(
      rows.map((r) => ({ ...r, id: Number(r.id) })),
      sha256,
      { prevHash, prevSeq },
    );
    checked += result.checked;
    if (!result.ok) return { ok: false, checked, firstBroken: result.firstBroken };
    if (rows.length < 1000) return { ok: true, checked, firstBroken: null };
    const last = rows[rows.length - 1]!;
    prevHash = last.hash;
    prevSeq = last.seq;
  }
}
