import { sql } from "drizzle-orm";
import { AppError } from "../../../domain/errors";
import { MARKETING_TEXTS, type MarketingKind } from "../../../domain/marketing";
import type { ProgramReport } from "../../../domain/marketing.schemas";
import type { Actor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { getProgram } from "./programs.service";

/** A tool's report: its figures, the last 30 days of its main activity, the people and the log. */

const DAILY_KINDS: Record<MarketingKind, string[]> = {
  loyalty: ["checkin"],
  coupon: ["redeem"],
  giveaway: ["entry"],
  referral: ["referral"],
  registration: ["register", "waitlist"],
};

async function figuresOf(ctx: AppContext, id: number, kind: MarketingKind) {
  const one = async (query: ReturnType<typeof sql>) =>
    (await ctx.db.execute<Record<string, number>>(query)).rows[0] ?? {};
  const rewards = sql`(select count(*)::int from marketing_rewards where program_id = ${id}) as "rewardsIssued",
                      (select count(redeemed_at)::int from marketing_rewards where program_id = ${id}) as "rewardsRedeemed"`;
  switch (kind) {
    case "loyalty":
      return one(sql`select (select count(*)::int from marketing_members where program_id = ${id}) as members,
                            (select coalesce(sum(checkins), 0)::int from marketing_members where program_id = ${id}) as checkins,
                            ${rewards}`);
    case "coupon":
      return one(sql`select count(*)::int as sent, count(redeemed_at)::int as redeemed,
                            (count(*) - count(redeemed_at))::int as "notRedeemed"
                       from marketing_members where program_id = ${id}`);
    case "giveaway":
      return one(sql`select count(*)::int as entrants, count(*) filter (where state = 'won')::int as winners,
                            (select count(redeemed_at)::int from marketing_rewards where program_id = ${id}) as "prizesClaimed"
                       from marketing_members where program_id = ${id}`);
    case "referral":
      return one(sql`select (select count(*)::int from marketing_members where program_id = ${id} and referred_by is null) as sharers,
                            (select count(*)::int from marketing_members where program_id = ${id} and referred_by is not null) as referrals,
                            (select count(*)::int from marketing_activity where program_id = ${id} and kind = 'visit') as visits,
                            ${rewards}`);
    case "registration":
      return one(sql`select count(*) filter (where state = 'registered')::int as registered,
                            count(*) filter (where state = 'waitlisted')::int as waitlisted,
                            count(*) filter (where state = 'cancelled')::int as cancelled,
                            (select count(*)::int from marketing_activity where program_id = ${id} and kind = 'promote') as promoted
                       from marketing_members where program_id = ${id}`);
  }
}

export async function programReport(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<ProgramReport> {
  const program = await getProgram(ctx, auth, id);
  if (!program) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  const kinds = DAILY_KINDS[program.kind];
  const order =
    program.kind === "loyalty"
      ? sql`m.points desc, m.checkins desc, m.id`
      : program.kind === "registration"
        ? sql`case m.state when 'registered' then 0 when 'waitlisted' then 1 else 2 end, m.created_at, m.id`
        : sql`m.created_at desc, m.id desc`;
  const [figures, daily, people, activity, draws] = await Promise.all([
    figuresOf(ctx, id, program.kind),
    ctx.db.execute<{ day: string; count: number }>(
      sql`select to_char(d, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
            from generate_series(current_date - 29, current_date, interval '1 day') d
            left join (select created_at::date as day, count(*) as n from marketing_activity
                        where program_id = ${id} and kind = any(${`{${kinds.join(",")}}`}::text[])
                          and created_at >= current_date - 29
                        group by 1) c on c.day = d::date
           order by d`,
    ),
    ctx.db.execute<{
      memberId: number;
      subscriberId: number;
      phone: string;
      name: string;
      state: string;
      points: number;
      checkins: number;
      code: string | null;
      referrals: number;
      redeemedAt: Date | null;
      createdAt: Date;
    }>(
      sql`select m.id::int as "memberId", m.subscriber_id::int as "subscriberId", m.phone,
                 trim(s.first_name || ' ' || s.last_name) as name, m.state, m.points, m.checkins,
                 coalesce(m.code, (select r.code from marketing_rewards r where r.member_id = m.id order by r.id desc limit 1)) as code,
                 (select count(*)::int from marketing_members f where f.referred_by = m.id) as referrals,
                 coalesce(m.redeemed_at, (select r.redeemed_at from marketing_rewards r where r.member_id = m.id order by r.id desc limit 1)) as "redeemedAt",
                 m.created_at as "createdAt"
            from marketing_members m join subscribers s on s.id = m.subscriber_id
           where m.program_id = ${id} and m.account_id = ${auth.accountId}
           order by ${order} limit 200`,
    ),
    ctx.db.execute<{
      id: number;
      kind: string;
      phone: string | null;
      detail: string;
      createdAt: Date;
    }>(
      sql`select a.id::int as id, a.kind, m.phone, a.detail, a.created_at as "createdAt"
            from marketing_activity a left join marketing_members m on m.id = a.member_id
           where a.program_id = ${id} and a.account_id = ${auth.accountId} and a.kind <> 'visit'
           order by a.created_at desc, a.id desc limit 50`,
    ),
    ctx.db.execute<{
      drawnAt: Date;
      entrants: number;
      method: string;
      winners: { phone: string; name: string; code: string | null }[];
    }>(
      sql`select d.drawn_at as "drawnAt", d.entrants, d.method,
                 coalesce((select json_agg(json_build_object('phone', m.phone,
                                   'name', trim(s.first_name || ' ' || s.last_name),
                                   'code', (select r.code from marketing_rewards r where r.member_id = m.id order by r.id desc limit 1))
                                   order by array_position(d.winner_member_ids, m.id))
                             from marketing_members m join subscribers s on s.id = m.subscriber_id
                            where m.id = any(d.winner_member_ids)), '[]'::json) as winners
            from marketing_draws d
           where d.program_id = ${id} and d.account_id = ${auth.accountId}
           order by d.drawn_at desc`,
    ),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    program,
    figures: figures as Record<string, number>,
    daily: daily.rows,
    people: people.rows.map((p) => ({
      ...p,
      redeemedAt: p.redeemedAt ? iso(p.redeemedAt) : null,
      createdAt: iso(p.createdAt),
    })),
    activity: activity.rows.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    draws: draws.rows.map((d) => ({ ...d, drawnAt: iso(d.drawnAt) })),
  };
}
