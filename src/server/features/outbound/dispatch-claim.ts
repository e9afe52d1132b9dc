import type { AppContext } from "../../http/context";

export interface Claimed {
  id: number;
  accountId: number;
  phoneNumberId: number;
  fromNumber: string;
  toNumber: string;
  body: string;
  mediaUrls: string[];
  runId: number | null;
  subscriberId: number | null;
  source: string;
  lane: number;
  credits: number;
  /** International credits it spent (a text abroad), given back with `credits` if it fails. */
  internationalCredits: number;
  attempts: number;
  createdAt: Date;
  deadlineAt: Date | null;
  /** The send's choice to ignore the account's quiet hours (campaign rows). */
  ignoreQuietHours: boolean;
  /**
   * A worker claimed it before and its claim lapsed without an answer written down: that worker
   * may have reached the carrier before it died, so ask the carrier before sending again.
   */
  outcomeUnknown: boolean;
  /** When this message's turn on its number comes (its number's pace). */
  sendAt: Date;
  /**
   * performance.now() (ms) by which this worker's claim certainly still holds; set by the
   * dispatcher. Elapsed time, not the injected clock: a test clock standing still must not keep
   * an expired claim alive.
   */
  leaseEndsAt?: number;
}

/**
 * How long a claim lasts. Never shorter than two carrier timeouts: a worker starts a carrier call
 * only while a whole timeout remains of its claim (dispatcher), so a claim cannot lapse, and the
 * row be sent by another worker, while a live worker's call to the carrier is still open.
 */
export function leaseSeconds(config: AppContext["config"]): number {
  return Math.max(
    config.DISPATCH_LEASE_SECONDS,
    Math.ceil((2 * config.CARRIER_TIMEOUT_MS) / 1000) + 1,
  );
}

/** How far ahead a claim may take a number's turns; the dispatcher waits for each. */
export const LOOKAHEAD_SECONDS = 1;

/**
 * Claims the next messages to send, in one statement:
 * 1. the sending numbers that have due work, least recently served first, each one's pace row
 *    locked (another worker holding it is skipped: one number's turns are handed out by one
 *    worker at a time, across every run and lane);
 * 2. per number, as many due messages as its rate allows in the next LOOKAHEAD_SECONDS
 *    (transactional lane first, then oldest), each row leased (claimed_until) so no other worker
 *    sends it; a dead worker's lease lapses and the row is claimed again;
 * 3. each message's turn (`sendAt`), spaced by the number's rate after its next free turn, and
 *    the pace moved on by what was taken.
 * Numbers are served in turn, so one account's million-recipient campaign does not hold back
 * another account's one-to-one text.
 */
/**
 * A sending number's pace in texts a second, as SQL over `phone_numbers` aliased `n`: toll-free
 * numbers at the toll-free rate, a long code at its brand's trust tier once brand and campaign
 * are approved, else the unregistered rate. The claim paces by it; the composer estimates by it.
 */
export function numberPaceSql(n: string, tollFreeMps: string, longCodeMps: string): string {
  return `(case when ${n}.toll_free then ${tollFreeMps}
                else coalesce((select t.long_code_mps from brand_trust t
                                 join brand_registrations b on b.account_id = t.account_id
                                where t.account_id = ${n}.account_id
                                  and b.brand_status = 'approved'
                                  and b.campaign_status = 'approved'), ${longCodeMps}) end)::float8`;
}

export async function claimDue(ctx: AppContext, limit: number): Promise<Claimed[]> {
  const { config } = ctx;
  // At most `limit` from one number; several numbers at their own (usually low) rates add up.
  const numbers = 64;
  const res = await ctx.db.$client.query<Claimed>(
    `with p as (
       select d.phone_number_id, greatest(d.next_at, now()) as start_at,
              -- A long code's pace is its brand's trust tier once brand and campaign are
              -- approved (migration 0029), else the unregistered rate.
              ${numberPaceSql("n", "$2", "$3")} as mps
         from dispatch_pace d
         join phone_numbers n on n.id = d.phone_number_id
        where d.next_at <= now() + $4 * interval '1 second'
          and exists (select 1 from messages x
                       where x.pending_dispatch and x.phone_number_id = d.phone_number_id
                         and x.not_before <= now()
                         and (x.claimed_until is null or x.claimed_until < now()))
        order by d.next_at
        limit $5
        for update of d skip locked
     ),
     picked as (
       select m.id, p.phone_number_id, p.start_at, p.mps, m.lapsed,
              row_number() over (partition by p.phone_number_id
                                 order by m.lane, m.not_before, m.id) - 1 as i
         from p
         cross join lateral (
           select x.id, x.lane, x.not_before,
                  x.claimed_until is not null or x.carrier_uncertain as lapsed
             from messages x
            where x.pending_dispatch and x.phone_number_id = p.phone_number_id
              and x.not_before <= now()
              and (x.claimed_until is null or x.claimed_until < now())
            order by x.lane, x.not_before, x.id
            limit least($6::int, greatest(1, floor(
                    ($4 - extract(epoch from (p.start_at - now()))) * p.mps))::int)
            for update of x skip locked
         ) m
     ),
     paced as (
       update dispatch_pace d
          set next_at = g.start_at + g.n / g.mps * interval '1 second'
         from (select phone_number_id, start_at, mps, count(*) as n
                 from picked group by phone_number_id, start_at, mps) g
        where d.phone_number_id = g.phone_number_id
     )
     update messages m
        set claimed_until = now() + $1 * interval '1 second', attempts = m.attempts + 1
       from picked
      where m.id = picked.id
      returning m.id::int, m.account_id as "accountId", m.phone_number_id as "phoneNumberId",
                m.from_number as "fromNumber", m.to_number as "toNumber", m.body,
                m.media_urls as "mediaUrls", m.run_id::int as "runId",
                m.subscriber_id::int as "subscriberId", m.source, m.lane, m.credits, m.attempts,
                m.international_credits as "internationalCredits",
                m.created_at as "createdAt", m.deadline_at as "deadlineAt",
                coalesce((select s.ignore_quiet_hours from send_runs sr join sends s on s.id = sr.send_id
                           where sr.id = m.run_id), false) as "ignoreQuietHours",
                picked.lapsed as "outcomeUnknown",
                picked.start_at + picked.i / picked.mps * interval '1 second' as "sendAt"`,
    [
      leaseSeconds(config),
      config.SEND_MPS_TOLL_FREE,
      config.SEND_MPS_LONG_CODE,
      LOOKAHEAD_SECONDS,
      numbers,
      limit,
    ],
  );
  return res.rows;
}
