import { type Address, formatAddress } from "../../../domain/address";
import type { AuditQuery } from "../../../domain/audit";
import type { StatusGroup } from "../../../domain/delivery-status";
import type { ExportKind } from "../../../domain/exports.schemas";
import type { ReportKind } from "../../../domain/growth-reports.schemas";
import type { SentMessagesFilter } from "../../../domain/reports.schemas";
import { signupMethodLabel } from "../../../domain/signup-methods";
import type { SubscriberSelection } from "../../../domain/subscribers.schemas";
import type { Actor, AppContext } from "../../http/context";
import { writeAuditCsv } from "../audit/audit.service";
import { type FieldInfo, fieldsById } from "../custom-fields/field-definitions";
import { writeRangeReportCsv } from "../growth-reports/report-writer";
import { writeConversationCsv, writeRepliesCsv } from "../inbox/inbox.service";
import { writeRecipientsCsv, writeSentMessagesCsv } from "../reports/reports.service";
import { eachSelected } from "../subscribers/subscribers.service";
import type { CsvOut } from "./csv-writer";
import type { ExportRecord } from "./exports.queries";

const REPORT_OF: Partial<Record<ExportKind, ReportKind>> = {
  "subscriber-report": "subscribers",
  "opt-outs": "opt-outs",
  "link-clicks": "link-clicks",
};

/**
 * Each kind's rows, written by the feature that owns them; answers how many rows it wrote. The
 * request was checked when the export started (the starter may see what it names).
 */
export async function writeExportRows(
  ctx: AppContext,
  auth: Actor,
  row: ExportRecord,
  out: CsvOut,
): Promise<number> {
  const kind = row.kind as ExportKind;
  const p = row.params as Record<string, unknown>;
  switch (kind) {
    case "subscribers": {
      // Rows written before the selection stopped carrying the starter's flags may still hold them.
      const { restricted: _, ...selection } = row.selection as SubscriberSelection & {
        restricted?: boolean;
      };
      return writeSubscribersCsv(ctx, auth, selection as SubscriberSelection, out);
    }
    case "subscriber-report":
    case "opt-outs":
    case "link-clicks":
      return writeRangeReportCsv(
        ctx,
        auth,
        REPORT_OF[kind]!,
        p as { from: string; to: string; numberId: number | null },
        out,
      );
    case "sent-messages":
      return writeSentMessagesCsv(ctx, auth, p as SentMessagesFilter, out);
    case "recipients":
      return writeRecipientsCsv(
        ctx,
        auth,
        Number(p.runId),
        (p.group as StatusGroup | undefined) ?? undefined,
        out,
      );
    case "conversation":
      return writeConversationCsv(ctx, row.accountId, Number(p.conversationId), out);
    case "replies":
      return writeRepliesCsv(
        ctx,
        row.accountId,
        p as { numberIds: number[] | null; groupIds: number[] | null },
        out,
      );
    case "audit-log":
      return writeAuditCsv(ctx, row.accountId, p as AuditQuery, out);
  }
}

function attributeText(field: FieldInfo, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.join("; ");
  if (field.type === "address" && typeof value === "object") return formatAddress(value as Address);
  return String(value);
}

/** The selected subscribers, walked by id. */
async function writeSubscribersCsv(
  ctx: AppContext,
  auth: Actor,
  selection: SubscriberSelection,
  out: CsvOut,
): Promise<number> {
  const fields = [...(await fieldsById(ctx, auth)).values()].sort((a, b) => a.id - b.id);
  await out.row([
    "Phone Number",
    "First Name",
    "Last Name",
    "Email",
    "Sign Up Method",
    out.at("Date"),
    "Opted Out",
    "Blocked",
    ...fields.map((f) => f.name),
  ]);
  let n = 0;
  for await (const rows of eachSelected(ctx, auth, selection)) {
    for (const s of rows) {
      await out.row([
        s.phone,
        s.firstName,
        s.lastName,
        s.email,
        signupMethodLabel(s.signupMethod),
        out.time(s.createdAt),
        s.optedOut ? "yes" : "no",
        s.blocked ? "yes" : "no",
        ...fields.map((f) => attributeText(f, s.attributes[String(f.id)])),
      ]);
      n++;
    }
  }
  return n;
}
