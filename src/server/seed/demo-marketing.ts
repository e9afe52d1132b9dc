import { randomBytes } from "node:crypto";
import type { PoolClient } from "pg";
import type { AppContext } from "../http/context";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * One of each marketing tool for the demo account, with a little history so each report shows
 * something true: a loyalty card (STAMP) with members, check-ins and two rewards; a coupon sent to
 * five subscribers, two redeemed; an open giveaway (WIN) with entrants; a referral program (SHARE)
 * with a friend who joined; a class (RSVP) that is full with one person waiting. Fixed codes and
 * counts, times relative to now. Runs once (an account with any program is left alone); needs the
 * demo subscribers first and uses only those with marketing consent.
 */
export async function seedDemoMarketing(ctx: AppContext, now = ctx.clock.now()): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  const db = ctx.db.$client;
  const owner = (
    await db.query<{ account_id: number }>(
      `select account_id from users where lower(username) = $1`,
      [ctx.config.DEMO_USERNAME.toLowerCase()],
    )
  ).rows[0];
  if (!owner) return;
  const accountId = owner.account_id;
  if (
    (await db.query(`select 1 from marketing_programs where account_id = $1 limit 1`, [accountId]))
      .rowCount
  )
    return;
  const people = (
    await db.query<{ id: number; phone: string }>(
      `select s.id::int as id, s.phone from subscribers s
        where s.account_id = $1 and s.marketing_consent_at is not null
          and not exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone)
        order by s.id limit 12`,
      [accountId],
    )
  ).rows;
  if (people.length < 12) return;
  const at = (ms: number) => new Date(now.getTime() - ms);

  const client = await db.connect();
  try {
    await client.query("begin");
    const program = async (
      kind: string,
      name: string,
      keyword: string | null,
      settings: object,
      status = "active",
    ) =>
      (
        await client.query<{ id: number }>(
          `insert into marketing_programs (account_id, kind, name, keyword, keyword_norm, status, settings, public_token, created_at)
           values ($1, $2, $3, $4, $4, $5, $6::jsonb, $7, $8) returning id`,
          [
            accountId,
            kind,
            name,
            keyword,
            status,
            JSON.stringify(settings),
            randomBytes(18).toString("base64url"),
            at(35 * DAY),
          ],
        )
      ).rows[0]!.id;
    const member = (
      programId: number,
      p: { id: number; phone: string },
      m: Partial<MemberSeed> & { state: string; created: Date },
    ) => insertMember(client, accountId, programId, p, m);
    const activity = (
      programId: number,
      memberId: number | null,
      kind: string,
      when: Date,
      detail = "",
    ) =>
      client.query(
        `insert into marketing_activity (account_id, program_id, member_id, kind, detail, created_at) values ($1, $2, $3, $4, $5, $6)`,
        [accountId, programId, memberId, kind, detail, when],
      );
    const reward = async (
      programId: number,
      memberId: number,
      code: string,
      issued: Date,
      redeemed: Date | null,
      what: string,
    ) => {
      await client.query(
        `insert into marketing_rewards (account_id, program_id, member_id, code, issued_at, redeemed_at) values ($1, $2, $3, $4, $5, $6)`,
        [accountId, programId, memberId, code, issued, redeemed],
      );
      await activity(programId, memberId, "reward", issued, `${what}: code ${code}`);
      if (redeemed)
        await activity(
          programId,
          memberId,
          "redeem",
          redeemed,
          `Code ${code} redeemed at the counter`,
        );
    };

    // Loyalty: six members, check-ins every other day or so; two reached the reward.
    const loyalty = await program("loyalty", "Coffee Card", "STAMP", {
      pointsPerCheckin: 1,
      periodHours: 20,
      rewardPoints: 8,
      reward: "a free drink",
      checkinCode: "",
    });
    const checkins = [15, 5, 3, 2, 1, 14];
    for (let i = 0; i < checkins.length; i++) {
      const n = checkins[i]!;
      const last = at((i + 1) * 9 * HOUR);
      const id = await member(loyalty, people[i]!, {
        state: "member",
        points: n % 8,
        checkins: n,
        lastCheckinAt: last,
        created: at((n * 2 + 1) * DAY),
      });
      for (let j = 0; j < n; j++)
        await activity(loyalty, id, "checkin", at((i + 1) * 9 * HOUR + j * 2 * DAY), "+1 point");
      if (n >= 8)
        await reward(
          loyalty,
          id,
          i === 0 ? "STMPA2B3" : "STMPC4D5",
          at((i + 1) * 9 * HOUR + (n - 8) * 2 * DAY),
          i === 0 ? at(12 * DAY) : null,
          "a free drink",
        );
    }

    // Coupon: sent three days ago to five subscribers, two redeemed.
    const coupon = await program(
      "coupon",
      "Spring 20% off",
      null,
      {
        offer: "20% off any drink",
        message: "{offer} with code {code}. Valid until {expiry}.",
        expiresAt: new Date(now.getTime() + 21 * DAY).toISOString(),
        groupId: null,
        sentAt: at(3 * DAY).toISOString(),
        sent: 5,
      },
      "sent",
    );
    await activity(coupon, null, "send", at(3 * DAY), "Sent to 5");
    const couponCodes = ["SPRG2345", "SPRG3456", "SPRG4567", "SPRG5678", "SPRG6789"];
    for (let i = 0; i < couponCodes.length; i++) {
      const redeemed = i < 2 ? at((2 - i) * DAY + 5 * HOUR) : null;
      const id = await member(coupon, people[6 + i]!, {
        state: redeemed ? "redeemed" : "sent",
        code: couponCodes[i]!,
        redeemedAt: redeemed,
        created: at(3 * DAY),
      });
      if (redeemed)
        await activity(
          coupon,
          id,
          "redeem",
          redeemed,
          `Code ${couponCodes[i]} redeemed at the counter`,
        );
    }

    // Giveaway: open for four more days, four entrants so far.
    const giveaway = await program("giveaway", "Summer giveaway", "WIN", {
      prize: "a year of coffee",
      startsAt: at(3 * DAY).toISOString(),
      endsAt: new Date(now.getTime() + 4 * DAY).toISOString(),
      winners: 1,
    });
    for (let i = 0; i < 4; i++) {
      const when = at((3 - i * 0.7) * DAY);
      const id = await member(giveaway, people[2 + i]!, { state: "entered", created: when });
      await activity(giveaway, id, "entry", when);
    }

    // Viral texting: two sharers, one friend joined through the first link.
    const referral = await program("referral", "Bring a friend", "SHARE", {
      offer: "Join our Coffee Club and get 10% off your first drink.",
      rewardReferrals: 3,
      reward: "a free pastry",
    });
    const sharer = await member(referral, people[0]!, {
      state: "member",
      code: "KAFE234567",
      created: at(9 * DAY),
    });
    await activity(referral, sharer, "link", at(9 * DAY), "Link sent");
    const second = await member(referral, people[1]!, {
      state: "member",
      code: "KAFE345678",
      created: at(6 * DAY),
    });
    await activity(referral, second, "link", at(6 * DAY), "Link sent");
    for (const d of [8, 7, 5]) await activity(referral, sharer, "visit", at(d * DAY));
    await member(referral, people[11]!, {
      state: "member",
      code: "KAFE456789",
      referredBy: sharer,
      created: at(5 * DAY),
    });
    await activity(
      referral,
      sharer,
      "referral",
      at(5 * DAY),
      `Friend •••${people[11]!.phone.slice(-4)} joined`,
    );

    // Registration: three places taken, one person waiting.
    const eventAt = new Date(now.getTime() + 10 * DAY);
    eventAt.setUTCHours(23, 0, 0, 0);
    const registration = await program("registration", "Latte art class", "RSVP", {
      eventAt: eventAt.toISOString(),
      location: "Main St shop",
      capacity: 3,
      cancelWord: "UNREGISTER",
    });
    for (let i = 0; i < 4; i++) {
      const when = at((4 - i) * DAY);
      const id = await member(registration, people[7 + i]!, {
        state: i < 3 ? "registered" : "waitlisted",
        created: when,
      });
      await activity(registration, id, i < 3 ? "register" : "waitlist", when);
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

interface MemberSeed {
  state: string;
  points: number;
  checkins: number;
  lastCheckinAt: Date | null;
  code: string | null;
  referredBy: number | null;
  redeemedAt: Date | null;
  created: Date;
}

async function insertMember(
  client: PoolClient,
  accountId: number,
  programId: number,
  p: { id: number; phone: string },
  m: Partial<MemberSeed> & { state: string; created: Date },
): Promise<number> {
  const res = await client.query<{ id: number }>(
    `insert into marketing_members (account_id, program_id, subscriber_id, phone, state, points, checkins,
                                    last_checkin_at, code, referred_by, redeemed_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) returning id::int as id`,
    [
      accountId,
      programId,
      p.id,
      p.phone,
      m.state,
      m.points ?? 0,
      m.checkins ?? 0,
      m.lastCheckinAt ?? null,
      m.code ?? null,
      m.referredBy ?? null,
      m.redeemedAt ?? null,
      m.created,
    ],
  );
  return res.rows[0]!.id;
}
