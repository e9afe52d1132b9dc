import { AppError } from "../../../domain/errors";
import { MARKETING_TEXTS, type MarketingKind } from "../../../domain/marketing";
import type { ProgramReport } from "../../../domain/marketing.schemas";
import type { Actor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import * as q from "./marketing.queries";
import { getProgram } from "./programs.service";

/** A tool's report: its figures, the last 30 days of its main activity, the people and the log. */

const DAILY_KINDS: Record<MarketingKind, string[]> = {
  loyalty: ["checkin"],
  coupon: ["redeem"],
  giveaway: ["entry"],
  referral: ["referral"],
  registration: ["register", "waitlist"],
};

export async function programReport(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<ProgramReport> {
  const program = await getProgram(ctx, auth, id);
  if (!program) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  const kinds = DAILY_KINDS[program.kind];
  const [figures, { daily, people, activity, draws }] = await Promise.all([
    q.programFigures(ctx.db, id, program.kind),
    q.programReportRows(ctx.db, auth.accountId, id, program.kind, kinds),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    program,
    figures: figures as Record<string, number>,
    daily,
    people: people.map((p) => ({
      ...p,
      redeemedAt: p.redeemedAt ? iso(p.redeemedAt) : null,
      createdAt: iso(p.createdAt),
    })),
    activity: activity.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    draws: draws.map((d) => ({ ...d, drawnAt: iso(d.drawnAt) })),
  };
}
