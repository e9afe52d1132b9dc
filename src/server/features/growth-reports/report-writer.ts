import type { ReportKind } from "../../../domain/growth-reports.schemas";
import type { Actor, AppContext } from "../../http/context";
import type { CsvOut } from "../subscriber-exports/csv-writer";
import * as q from "./growth-reports.queries";
import * as reports from "./growth-reports.service";

const PAGE = 1000;

/**
 * The Reports screen's reports (a date range, maybe a number) as CSV rows, for the export job;
 * answers how many rows it wrote.
 */
export async function writeRangeReportCsv(
  ctx: AppContext,
  auth: Actor,
  report: ReportKind,
  filter: { from: string; to: string; numberId: number | null },
  out: CsvOut,
): Promise<number> {
  const range = await reports.resolveRange(ctx, auth, {
    from: filter.from,
    to: filter.to,
    numberId: filter.numberId ?? undefined,
  });
  let n = 0;
  if (report === "subscribers") {
    const found = await reports.subscriberReport(ctx, auth, range);
    await out.row(["Date", "Joined", "Opted Out", "Net"]);
    for (const d of found.days) {
      await out.row([d.date, d.joined, d.optedOut, d.net]);
      n++;
    }
    await out.row([]);
    await out.row(["Sign Up Method", "Joined", "Opted Out", "Net"]);
    for (const m of found.byMethod)
      await out.row([m.label, m.joined, m.optedOut, m.joined - m.optedOut]);
  } else if (report === "opt-outs") {
    const total = [...(await q.optOutsByDay(ctx.db, range)).values()].reduce((a, b) => a + b, 0);
    await out.row([
      out.at("Opted Out At"),
      "Phone Number",
      "Name",
      "Source",
      "Texted",
      "Business Number",
      "Message Before",
      "Message Kind",
      out.at("Message Sent At"),
    ]);
    let before: { at: Date; id: number } | undefined;
    for (;;) {
      const rows = await q.optOutRows(ctx.db, range, { limit: PAGE, beforeKey: before });
      for (const x of rows.map(reports.toOptOutRow)) {
        await out.row([
          out.time(x.optedOutAt),
          x.phone,
          x.name,
          x.source,
          x.detail,
          x.number,
          x.preceding?.body ?? "",
          x.preceding?.source ?? "",
          out.time(x.preceding?.sentAt),
        ]);
      }
      n += rows.length;
      await out.progress(n, total);
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1]!;
      before = { at: last.optedOutAt, id: last.id };
    }
  } else {
    await out.row(["Phone Number", "Name", "Clicks", "Links", out.at("Last Click")]);
    for (let page = 0; ; page++) {
      const res = await reports.clicksBySubscriber(ctx, auth, { ...range, page, pageSize: 100 });
      for (const x of res.rows)
        await out.row([x.phone, x.name, x.clicks, x.links, out.time(x.lastClickAt)]);
      n += res.rows.length;
      await out.progress(n, res.total);
      if (res.rows.length < 100) break;
    }
  }
  return n;
}
