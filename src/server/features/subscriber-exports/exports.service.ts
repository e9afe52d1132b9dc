import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { type Address, formatAddress } from "../../../domain/address";
import { csvLine } from "../../../domain/csv";
import { AppError } from "../../../domain/errors";
import { assertCan, systemActor } from "../../../domain/permissions";
import { signupMethodLabel } from "../../../domain/signup-methods";
import type { SubscriberSelection } from "../../../domain/subscribers.schemas";
import { enqueue } from "../../background/queue";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { storageKey, withScratchDir } from "../../storage/storage";
import { recordAudit } from "../audit/audit.service";
import { type FieldInfo, fieldsById } from "../custom-fields/field-definitions";
import { notify } from "../notifications/notifications.service";
import { countSelection, eachSelected } from "../subscribers/subscribers.service";
import { toSubscriberExport } from "./exports.presenter";
import * as q from "./exports.queries";
import { exportQueue } from "./subscribers-export.job";

const NOT_FOUND = "That export was not found in this account.";

/** Exports as the API shows them, each with the name of who started it. */
async function present(ctx: AppContext, auth: Actor, rows: q.ExportRecord[]) {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const names = await q.userNames(ctx.db, auth, ids);
  return rows.map((r) => toSubscriberExport(r, (r.userId && names.get(r.userId)) || null));
}

/** Checks the selection now (so a bad one is a 4xx, not a failed job) and queues the export. */
export async function createExport(ctx: AppContext, auth: Actor, selection: SubscriberSelection) {
  assertCan(auth, "subscribers:export");
  const rowCount = await countSelection(ctx, auth, selection);
  const row = await inTransaction(ctx.db, async (tx) => {
    const made = await q.insertExport(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      selection,
      rowCount,
    });
    await recordAudit({ ...ctx, db: tx }, auth, {
      action: "subscribers.export",
      target: { type: "export", id: made.id, label: `${rowCount} subscribers` },
    });
    return made;
  });
  // Without a job queue in this process (API tests), the caller runs runExport itself.
  await enqueue(exportQueue, { exportId: row.id });
  return (await present(ctx, auth, [row]))[0]!;
}

export async function getExport(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findExport(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return (await present(ctx, auth, [row]))[0]!;
}

export async function listExports(
  ctx: AppContext,
  auth: Actor,
  query: { page: number; pageSize: number },
) {
  const { rows, total } = await q.listExports(ctx.db, auth, query);
  return { total, rows: await present(ctx, auth, rows) };
}

export async function exportFile(ctx: AppContext, auth: Actor, id: number) {
  const row = await q.findExport(ctx.db, auth, id);
  if (row?.status !== "finished" || !row.filePath) throw new AppError("NOT_FOUND", NOT_FOUND);
  const file = await ctx.storage.open(row.filePath);
  if (!file) throw new AppError("NOT_FOUND", NOT_FOUND);
  // A download is a read: recorded on its own (nothing to roll back with it).
  await recordAudit(ctx, auth, {
    action: "subscribers.export_download",
    target: { type: "export", id: row.id, label: row.fileName },
  });
  return { ...file, name: row.fileName ?? "subscribers.csv" };
}

function attributeText(field: FieldInfo, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.join("; ");
  if (field.type === "address" && typeof value === "object") return formatAddress(value as Address);
  return String(value);
}

/**
 * The export job: walks the selection by id and streams it to a CSV file with formulas defused,
 * written on this machine first and then moved into the file store whole.
 */
export async function runExport(ctx: AppContext, exportId: number) {
  const row = await q.findExportForJob(ctx.db, exportId);
  if (!row || !(await q.transition(ctx.db, exportId, "queued", { status: "running" }))) return;
  // Rows written before the selection stopped carrying the starter's flags may still hold them.
  const { restricted: _, ...selection } = row.selection as SubscriberSelection & {
    restricted?: boolean;
  };
  const auth = systemActor("export", row.accountId, { userId: row.userId });
  const fileName = `subscribers-${row.createdAt.toISOString().slice(0, 10)}-${exportId}.csv`;
  const filePath = storageKey("exports", row.accountId, `${exportId}.csv`);
  try {
    const n = await withScratchDir(ctx.storage, async (dir) => {
      const scratch = path.join(dir, `${exportId}.csv`);
      const count = await writeExport(ctx, auth, selection as SubscriberSelection, scratch);
      await ctx.storage.putFile(filePath, scratch, "text/csv; charset=utf-8");
      return count;
    });
    await q.transition(ctx.db, exportId, "running", {
      status: "finished",
      rowCount: n,
      fileName,
      filePath,
      finishedAt: ctx.clock.now(),
    });
    await notify(
      ctx.db.$client,
      {
        accountId: row.accountId,
        userId: row.userId ?? undefined,
        kind: "export_ready",
        title: "Your export is ready",
        body: `${n} subscribers in ${fileName}.`,
        link: "/reports/export-history",
      },
      ctx,
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await q.transition(ctx.db, exportId, "running", {
      status: "failed",
      error: `The export could not be written: ${message}`.slice(0, 500),
      finishedAt: ctx.clock.now(),
    });
  }
}

/** The selection's rows as CSV in `filePath`; answers how many subscribers it holds. */
async function writeExport(
  ctx: AppContext,
  auth: Actor,
  selection: SubscriberSelection,
  filePath: string,
): Promise<number> {
  const fields = [...(await fieldsById(ctx, auth)).values()].sort((a, b) => a.id - b.id);
  const out = createWriteStream(filePath);
  const write = async (cells: string[]) => {
    if (!out.write(csvLine(cells))) await once(out, "drain");
  };
  await write([
    "Phone Number",
    "First Name",
    "Last Name",
    "Email",
    "Sign Up Method",
    "Date",
    "Opted Out",
    "Blocked",
    ...fields.map((f) => f.name),
  ]);
  let n = 0;
  for await (const rows of eachSelected(ctx, auth, selection)) {
    for (const s of rows) {
      await write([
        s.phone,
        s.firstName,
        s.lastName,
        s.email,
        signupMethodLabel(s.signupMethod),
        s.createdAt.toISOString(),
        s.optedOut ? "yes" : "no",
        s.blocked ? "yes" : "no",
        ...fields.map((f) => attributeText(f, s.attributes[String(f.id)])),
      ]);
      n++;
    }
  }
  out.end();
  await once(out, "finish");
  return n;
}
