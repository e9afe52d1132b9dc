import { randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { type MarketingKind, makeCode } from "../../../domain/marketing";
import type { ReferralSettings } from "../../../domain/marketing.schemas";
import type { Db, Executor } from "../../db/connection";
import type { Queryable } from "../../db/queryable";
import { ownedBy } from "../../db/tenant";
import { marketingPrograms } from "./marketing.schema";

/** Queries the marketing tools share (programs, people, codes, the activity log). */

export type ProgramRow = typeof marketingPrograms.$inferSelect;
export type Settings = Record<string, unknown>;

export async function findProgram(db: Executor, auth: { accountId: number }, id: number) {
  const [row] = await db
    .select()
    .from(marketingPrograms)
    .where(and(ownedBy(marketingPrograms, auth), eq(marketingPrograms.id, id)));
  return row;
}

/** Locks the program row for the caller's transaction (capacity, draws, sends). */
export async function lockProgram(tx: Executor, accountId: number, id: number) {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select id from marketing_programs where id = ${id} and account_id = ${accountId} for update`,
  );
  return rows.length > 0;
}

export async function listPrograms(db: Db, auth: { accountId: number }, kind: MarketingKind) {
  return db
    .select({
      program: marketingPrograms,
      number: sql<
        string | null
      >`(select number from phone_numbers n where n.id = ${marketingPrograms.phoneNumberId})`,
      people: sql<number>`(select count(*)::int from marketing_members m where m.program_id = ${marketingPrograms.id} and m.state <> 'cancelled')`,
    })
    .from(marketingPrograms)
    .where(and(ownedBy(marketingPrograms, auth), eq(marketingPrograms.kind, kind)))
    .orderBy(desc(marketingPrograms.createdAt), desc(marketingPrograms.id));
}

/** The live program a texted word names in this account (any tool), or the cancel word of one. */
export async function programOfWord(db: Executor, accountId: number, word: string) {
  const { rows } = await db.execute<ProgramRow & { byCancel: boolean }>(
    sql`select id, account_id as "accountId", kind, name, keyword, keyword_norm as "keywordNorm",
               phone_number_id as "phoneNumberId", status, settings, public_token as "publicToken",
               created_at as "createdAt", updated_at as "updatedAt", false as "byCancel"
          from marketing_programs
         where account_id = ${accountId} and keyword_norm = ${word} and status <> 'paused'
        union all
        select id, account_id, kind, name, keyword, keyword_norm, phone_number_id, status, settings,
               public_token, created_at, updated_at, true
          from marketing_programs
         where account_id = ${accountId} and kind = 'registration' and status <> 'paused'
           and upper(settings->>'cancelWord') = ${word}
         order by "byCancel", id desc`,
  );
  return rows;
}

export type Person = {
  consented: boolean;
  suppressed: boolean;
  name: string;
};

/** Whether a subscriber may get marketing: consent recorded and no opt-out or block. */
export async function personOf(db: Executor, accountId: number, subscriberId: number) {
  const { rows } = await db.execute<Person>(
    sql`select s.marketing_consent_at is not null as consented,
               exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone) as suppressed,
               s.first_name as name
          from subscribers s where s.id = ${subscriberId} and s.account_id = ${accountId}`,
  );
  return rows[0] ?? null;
}

export async function isSuppressed(db: Executor, accountId: number, phone: string) {
  const { rows } = await db.execute(
    sql`select 1 from suppressions where account_id = ${accountId} and phone = ${phone}`,
  );
  return rows.length > 0;
}

export async function accountName(db: Executor, accountId: number): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select business_name as name from accounts where id = ${accountId}`,
  );
  return rows[0]?.name ?? "";
}

/** The number a program texts from: its own, else the account's first active one. */
export async function senderOf(db: Executor, accountId: number, preferred: number | null) {
  const { rows } = await db.execute<{ id: number; number: string }>(
    sql`select id, number from phone_numbers
         where account_id = ${accountId} and state = 'active'
         order by (id = ${preferred ?? 0}) desc, included desc, id limit 1`,
  );
  return rows[0] ?? null;
}

export type MemberRow = {
  id: number;
  subscriberId: number;
  phone: string;
  state: string;
  points: number;
  checkins: number;
  lastCheckinAt: Date | null;
  code: string | null;
  referredBy: number | null;
  phoneNumberId: number | null;
  createdAt: Date;
};

const MEMBER_COLUMNS = sql`id::int as id, subscriber_id::int as "subscriberId", phone, state, points, checkins,
  last_checkin_at as "lastCheckinAt", code, referred_by::int as "referredBy",
  phone_number_id as "phoneNumberId", created_at as "createdAt"`;

/** Raw queries hand timestamps back as text here: dates become Dates. */
function toMember(row: MemberRow | undefined): MemberRow | null {
  if (!row) return null;
  return {
    ...row,
    lastCheckinAt: row.lastCheckinAt ? new Date(row.lastCheckinAt) : null,
    createdAt: new Date(row.createdAt),
  };
}

export async function findMember(db: Executor, programId: number, subscriberId: number) {
  const { rows } = await db.execute<MemberRow>(
    sql`select ${MEMBER_COLUMNS} from marketing_members
         where program_id = ${programId} and subscriber_id = ${subscriberId} for update`,
  );
  return toMember(rows[0]);
}

export async function findMemberByCode(db: Executor, programId: number, code: string) {
  const { rows } = await db.execute<MemberRow>(
    sql`select ${MEMBER_COLUMNS} from marketing_members where program_id = ${programId} and code = ${code}`,
  );
  return toMember(rows[0]);
}

export async function insertMember(
  tx: Executor,
  m: {
    accountId: number;
    programId: number;
    subscriberId: number;
    phone: string;
    state: string;
    code?: string | null;
    referredBy?: number | null;
    phoneNumberId?: number | null;
    messageId?: number | null;
    at: Date;
  },
): Promise<MemberRow> {
  const { rows } = await tx.execute<MemberRow>(
    sql`insert into marketing_members (account_id, program_id, subscriber_id, phone, state, code,
                                       referred_by, phone_number_id, message_id, created_at, updated_at)
        values (${m.accountId}, ${m.programId}, ${m.subscriberId}, ${m.phone}, ${m.state},
                ${m.code ?? null}, ${m.referredBy ?? null}, ${m.phoneNumberId ?? null},
                ${m.messageId ?? null}, ${m.at}, ${m.at})
        returning ${MEMBER_COLUMNS}`,
  );
  return toMember(rows[0])!;
}

export async function logActivity(
  tx: Executor,
  a: {
    accountId: number;
    programId: number;
    memberId: number | null;
    kind: string;
    detail?: string;
    messageId?: number | null;
    at: Date;
  },
) {
  await tx.execute(
    sql`insert into marketing_activity (account_id, program_id, member_id, kind, detail, message_id, created_at)
        values (${a.accountId}, ${a.programId}, ${a.memberId}, ${a.kind}, ${(a.detail ?? "").slice(0, 500)},
                ${a.messageId ?? null}, ${a.at})`,
  );
}

/** A code not used yet in the program (members' coupon/referral codes and rewards alike). */
export async function freshCode(tx: Executor, programId: number): Promise<string> {
  for (;;) {
    const code = makeCode(randomInt);
    const { rows } = await tx.execute(
      sql`select 1 from marketing_members where program_id = ${programId} and code = ${code}
          union all select 1 from marketing_rewards where program_id = ${programId} and code = ${code}`,
    );
    if (rows.length === 0) return code;
  }
}

/** Hands a member a reward code (loyalty reward, giveaway prize, referral reward). */
export async function issueReward(
  tx: Executor,
  r: { accountId: number; programId: number; memberId: number; at: Date },
): Promise<{ id: number; code: string }> {
  const code = await freshCode(tx, r.programId);
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into marketing_rewards (account_id, program_id, member_id, code, issued_at)
        values (${r.accountId}, ${r.programId}, ${r.memberId}, ${code}, ${r.at})
        returning id::int as id`,
  );
  return { id: rows[0]!.id, code };
}

export async function setRewardMessage(db: Executor, rewardId: number, messageId: number) {
  await db.execute(
    sql`update marketing_rewards set message_id = ${messageId} where id = ${rewardId}`,
  );
}

/** The program's status, its row locked for the caller's transaction. */
export async function lockProgramStatus(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<string | undefined> {
  const locked = await db.query<{ status: string }>(
    "select status from marketing_programs where id = $1 and account_id = $2 for update",
    [id, accountId],
  );
  return locked.rows[0]?.status;
}

/** Consent recorded, not opted out or blocked, in the group when one is chosen. */
export async function couponAudience(
  db: Queryable,
  accountId: number,
  groupId: number | null,
): Promise<{ id: number; phone: string }[]> {
  const audience = await db.query<{ id: number; phone: string }>(
    `select s.id::int as id, s.phone from subscribers s
        where s.account_id = $1 and s.marketing_consent_at is not null
          and not exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone)
          and ($2::int is null or exists (select 1 from group_members gm join groups g on g.id = gm.group_id
                                           where gm.subscriber_id = s.id and g.id = $2 and g.account_id = $1))
        order by s.id`,
    [accountId, groupId],
  );
  return audience.rows;
}

/** Subscribers of the group (or the whole list), whatever their consent. */
export async function countGroupSubscribers(
  db: Queryable,
  accountId: number,
  groupId: number | null,
): Promise<number | undefined> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from subscribers s
        where s.account_id = $1
          and ($2::int is null or exists (select 1 from group_members gm where gm.subscriber_id = s.id and gm.group_id = $2))`,
    [accountId, groupId],
  );
  return rows[0]?.n;
}

/** Each person's coupon code and the text that carried it. */
export async function insertCouponMembers(
  db: Queryable,
  accountId: number,
  programId: number,
  phoneNumberId: number,
  m: { subscriberIds: number[]; phones: string[]; codes: string[]; messageIds: number[] },
): Promise<void> {
  await db.query(
    `insert into marketing_members (account_id, program_id, subscriber_id, phone, state, code, phone_number_id, message_id)
         select $1, $2, t.sid, t.phone, 'sent', t.code, $3, t.mid
           from unnest($4::bigint[], $5::text[], $6::text[], $7::bigint[]) as t(sid, phone, code, mid)
         on conflict (program_id, subscriber_id) do nothing`,
    [accountId, programId, phoneNumberId, m.subscriberIds, m.phones, m.codes, m.messageIds],
  );
}

export async function markProgramSent(
  db: Queryable,
  id: number,
  sentAt: string,
  sent: number,
): Promise<void> {
  await db.query(
    `update marketing_programs set status = 'sent', updated_at = now(),
              settings = settings || jsonb_build_object('sentAt', $2::text, 'sent', $3::int)
        where id = $1`,
    [id, sentAt, sent],
  );
}

export async function insertSendActivity(
  db: Queryable,
  accountId: number,
  programId: number,
  detail: string,
): Promise<void> {
  await db.query(
    `insert into marketing_activity (account_id, program_id, kind, detail) values ($1, $2, 'send', $3)`,
    [accountId, programId, detail],
  );
}

export async function programStatus(tx: Executor, id: number): Promise<string | undefined> {
  const { rows: state } = await tx.execute<{ status: string }>(
    sql`select status from marketing_programs where id = ${id}`,
  );
  return state[0]?.status;
}

/** Who entered the giveaway, numbers opted out or blocked left out. */
export async function giveawayEntrants(tx: Executor, programId: number) {
  const { rows: entrants } = await tx.execute<{
    id: number;
    subscriberId: number;
    phone: string;
    phoneNumberId: number | null;
  }>(
    sql`select m.id::int as id, m.subscriber_id::int as "subscriberId", m.phone, m.phone_number_id as "phoneNumberId"
            from marketing_members m
           where m.program_id = ${programId} and m.state = 'entered'
             and not exists (select 1 from suppressions x where x.account_id = m.account_id and x.phone = m.phone)
           order by m.id`,
  );
  return entrants;
}

export async function markMemberWon(tx: Executor, memberId: number): Promise<void> {
  await tx.execute(
    sql`update marketing_members set state = 'won', updated_at = now() where id = ${memberId}`,
  );
}

/** The draw's record: when, by whom, how, out of how many. */
export async function insertDraw(
  tx: Executor,
  d: {
    accountId: number;
    programId: number;
    entrants: number;
    winnerMemberIds: number[];
    method: string;
    userId: number | null | undefined;
    at: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into marketing_draws (account_id, program_id, entrants, winner_member_ids, method, drawn_by_user_id, drawn_at)
          values (${d.accountId}, ${d.programId}, ${d.entrants}, ${`{${d.winnerMemberIds.join(",")}}`}::bigint[],
                  ${d.method}, ${d.userId}, ${d.at})`,
  );
}

export async function markProgramDrawn(tx: Executor, id: number): Promise<void> {
  await tx.execute(
    sql`update marketing_programs set status = 'drawn', updated_at = now() where id = ${id}`,
  );
}

export async function recordCheckin(
  tx: Executor,
  memberId: number,
  points: number,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`update marketing_members set points = ${points}, checkins = checkins + 1,
             last_checkin_at = ${at}, updated_at = now() where id = ${memberId}`,
  );
}

/** The member's place on the waiting list (1: next). */
export async function waitPosition(tx: Executor, programId: number, memberId: number) {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_members w, marketing_members me
         where me.id = ${memberId} and w.program_id = ${programId} and w.state = 'waitlisted'
           and (w.created_at, w.id) <= (me.created_at, me.id)`,
  );
  return rows[0]?.n ?? 1;
}

export async function countRegistered(
  tx: Executor,
  programId: number,
): Promise<number | undefined> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_members where program_id = ${programId} and state = 'registered'`,
  );
  return rows[0]?.n;
}

/** Cancelled before and back again: to the end of the line, as a new registration. */
export async function registerAgain(
  tx: Executor,
  memberId: number,
  state: string,
  at: Date,
  messageId: number,
): Promise<void> {
  await tx.execute(
    sql`update marketing_members set state = ${state}, created_at = ${at}, updated_at = now(),
               message_id = ${messageId} where id = ${memberId}`,
  );
}

export async function setMemberState(
  tx: Executor,
  memberId: number,
  state: "cancelled" | "registered",
): Promise<void> {
  await tx.execute(
    sql`update marketing_members set state = ${state}, updated_at = now() where id = ${memberId}`,
  );
}

export async function registrationProgram<S>(tx: Executor, programId: number) {
  const { rows: prog } = await tx.execute<{
    name: string;
    settings: S;
    phoneNumberId: number | null;
    status: string;
  }>(
    sql`select name, settings, phone_number_id as "phoneNumberId", status from marketing_programs where id = ${programId}`,
  );
  return prog[0];
}

/** The first people waiting, numbers opted out or blocked left out. */
export async function firstWaiting(tx: Executor, programId: number, limit: number) {
  const { rows } = await tx.execute<{
    id: number;
    subscriberId: number;
    phone: string;
    phoneNumberId: number | null;
  }>(
    sql`select m.id::int as id, m.subscriber_id::int as "subscriberId", m.phone, m.phone_number_id as "phoneNumberId"
            from marketing_members m
           where m.program_id = ${programId} and m.state = 'waitlisted'
             and not exists (select 1 from suppressions x where x.account_id = m.account_id and x.phone = m.phone)
           order by m.created_at, m.id limit ${limit}`,
  );
  return rows;
}

/** Whether any account's referral link has this code. */
export async function linkCodeTaken(tx: Executor, code: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`select 1 from marketing_members where code = ${code}`);
  return rows.length > 0;
}

export async function setMemberCode(tx: Executor, memberId: number, code: string): Promise<void> {
  await tx.execute(sql`update marketing_members set code = ${code} where id = ${memberId}`);
}

/** How many friends joined through the member's link. */
export async function referralsOf(db: Executor, memberId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from marketing_members where referred_by = ${memberId}`,
  );
  return rows[0]?.n ?? 0;
}

/** The active referral program and member behind a link code. */
export type ReferralLinkRow = {
  memberId: number;
  subscriberId: number;
  phone: string;
  firstName: string;
  programId: number;
  programName: string;
  accountId: number;
  business: string;
  settings: ReferralSettings;
  phoneNumberId: number | null;
  memberNumberId: number | null;
};

export async function findReferralLink(
  db: Executor,
  code: string,
): Promise<ReferralLinkRow | null> {
  const { rows } = await db.execute<ReferralLinkRow>(
    sql`select m.id::int as "memberId", m.subscriber_id::int as "subscriberId", m.phone,
               s.first_name as "firstName", p.id as "programId", p.name as "programName",
               p.account_id as "accountId", a.business_name as business, p.settings,
               p.phone_number_id as "phoneNumberId", m.phone_number_id as "memberNumberId"
          from marketing_members m
          join marketing_programs p on p.id = m.program_id and p.kind = 'referral' and p.status = 'active'
          join subscribers s on s.id = m.subscriber_id
          join accounts a on a.id = p.account_id
         where m.code = ${code.toUpperCase()}
         limit 1`,
  );
  return rows[0] ?? null;
}

export type CounterProgram = {
  id: number;
  accountId: number;
  kind: "loyalty" | "coupon" | "giveaway" | "referral" | "registration";
  name: string;
  settings: Record<string, unknown>;
  business: string;
};

/** The program behind a counter link (registrations have none). */
export async function counterProgramOfToken(
  db: Executor,
  token: string,
): Promise<CounterProgram | undefined> {
  const { rows } = await db.execute<CounterProgram>(
    sql`select p.id, p.account_id as "accountId", p.kind, p.name, p.settings, a.business_name as business
          from marketing_programs p join accounts a on a.id = p.account_id
         where p.public_token = ${token} and p.kind <> 'registration'`,
  );
  return rows[0];
}

/** Codes issued and redeemed: a coupon's own codes, or the rewards of the other tools. */
export async function codeCounts(db: Executor, p: CounterProgram) {
  const { rows } = await db.execute<{ issued: number; redeemed: number }>(
    p.kind === "coupon"
      ? sql`select count(*)::int as issued, count(redeemed_at)::int as redeemed
              from marketing_members where program_id = ${p.id} and code is not null`
      : sql`select count(*)::int as issued, count(redeemed_at)::int as redeemed
              from marketing_rewards where program_id = ${p.id}`,
  );
  return rows[0] ?? { issued: 0, redeemed: 0 };
}

export type CodeRow = {
  id: number;
  phone: string;
  redeemedAt: Date | null;
};

export async function findCode(
  db: Executor,
  p: CounterProgram,
  code: string,
): Promise<CodeRow | null> {
  const { rows } = await db.execute<CodeRow>(
    p.kind === "coupon"
      ? sql`select id::int as id, phone, redeemed_at as "redeemedAt" from marketing_members
             where program_id = ${p.id} and code = ${code}`
      : sql`select r.id::int as id, m.phone, r.redeemed_at as "redeemedAt"
              from marketing_rewards r join marketing_members m on m.id = r.member_id
             where r.program_id = ${p.id} and r.code = ${code}`,
  );
  return rows[0] ?? null;
}

/** Marks the code used once; returns the row marked (none: unknown or used already). */
export async function redeemCodeRow(db: Executor, p: CounterProgram, code: string) {
  const { rows } = await db.execute<{ id: number }>(
    p.kind === "coupon"
      ? sql`update marketing_members set redeemed_at = now(), state = 'redeemed', updated_at = now()
                 where program_id = ${p.id} and code = ${code} and redeemed_at is null returning id::int as id`
      : sql`update marketing_rewards set redeemed_at = now()
                 where program_id = ${p.id} and code = ${code} and redeemed_at is null returning id::int as id`,
  );
  return rows;
}

/** The account's program with its number and how many people are in it. */
export async function programWithCounts(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select({
      program: marketingPrograms,
      number: sql<
        string | null
      >`(select number from phone_numbers n where n.id = ${marketingPrograms.phoneNumberId})`,
      people: sql<number>`(select count(*)::int from marketing_members m where m.program_id = ${marketingPrograms.id} and m.state <> 'cancelled')`,
    })
    .from(marketingPrograms)
    .where(sql`${marketingPrograms.accountId} = ${accountId} and ${marketingPrograms.id} = ${id}`);
  return row;
}

export async function hasGroup(db: Executor, accountId: number, groupId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from groups where id = ${groupId} and account_id = ${accountId}`,
  );
  return rows.length > 0;
}

/** Whether another registration of the account has this cancel word. */
export async function cancelWordUsed(
  db: Executor,
  accountId: number,
  word: string,
  ownId: number,
): Promise<boolean> {
  const { rows: cancelWords } = await db.execute(
    sql`select 1 from marketing_programs where account_id = ${accountId} and kind = 'registration'
             and upper(settings->>'cancelWord') = ${word} and id <> ${ownId}`,
  );
  return cancelWords.length > 0;
}

export async function insertProgram(
  db: Executor,
  values: typeof marketingPrograms.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(marketingPrograms)
    .values(values)
    .returning({ id: marketingPrograms.id });
  return row!.id;
}

export async function updateProgramRow(
  db: Executor,
  accountId: number,
  id: number,
  cols: {
    name: string;
    keyword: string | null;
    keywordNorm: string | null;
    phoneNumberId: number | null;
    settings: Record<string, unknown>;
  },
): Promise<void> {
  await db.execute(
    sql`update marketing_programs set name = ${cols.name}, keyword = ${cols.keyword},
             keyword_norm = ${cols.keywordNorm}, phone_number_id = ${cols.phoneNumberId},
             settings = ${JSON.stringify(cols.settings)}::jsonb, updated_at = now()
           where id = ${id} and account_id = ${accountId}`,
  );
}

export async function setProgramStatusRow(
  db: Executor,
  accountId: number,
  id: number,
  status: "active" | "paused",
): Promise<void> {
  await db.execute(
    sql`update marketing_programs set status = ${status}, updated_at = now() where id = ${id} and account_id = ${accountId}`,
  );
}

/** False when the account has no such program. */
export async function deleteProgramRow(
  db: Executor,
  accountId: number,
  id: number,
): Promise<boolean> {
  const { rows } = await db.execute(
    sql`delete from marketing_programs where id = ${id} and account_id = ${accountId} returning id`,
  );
  return rows.length > 0;
}

/** A tool's figures, by kind. */
export async function programFigures(db: Db, id: number, kind: MarketingKind) {
  const one = async (query: ReturnType<typeof sql>) =>
    (await db.execute<Record<string, number>>(query)).rows[0] ?? {};
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

/** A tool's report rows: the last 30 days of its main activity, the people, the log, the draws. */
export async function programReportRows(
  db: Db,
  accountId: number,
  id: number,
  kind: MarketingKind,
  kinds: string[],
) {
  const order =
    kind === "loyalty"
      ? sql`m.points desc, m.checkins desc, m.id`
      : kind === "registration"
        ? sql`case m.state when 'registered' then 0 when 'waitlisted' then 1 else 2 end, m.created_at, m.id`
        : sql`m.created_at desc, m.id desc`;
  const [daily, people, activity, draws] = await Promise.all([
    db.execute<{ day: string; count: number }>(
      sql`select to_char(d, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
            from generate_series(current_date - 29, current_date, interval '1 day') d
            left join (select created_at::date as day, count(*) as n from marketing_activity
                        where program_id = ${id} and kind = any(${`{${kinds.join(",")}}`}::text[])
                          and created_at >= current_date - 29
                        group by 1) c on c.day = d::date
           order by d`,
    ),
    db.execute<{
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
           where m.program_id = ${id} and m.account_id = ${accountId}
           order by ${order} limit 200`,
    ),
    db.execute<{
      id: number;
      kind: string;
      phone: string | null;
      detail: string;
      createdAt: Date;
    }>(
      sql`select a.id::int as id, a.kind, m.phone, a.detail, a.created_at as "createdAt"
            from marketing_activity a left join marketing_members m on m.id = a.member_id
           where a.program_id = ${id} and a.account_id = ${accountId} and a.kind <> 'visit'
           order by a.created_at desc, a.id desc limit 50`,
    ),
    db.execute<{
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
           where d.program_id = ${id} and d.account_id = ${accountId}
           order by d.drawn_at desc`,
    ),
  ]);
  return { daily: daily.rows, people: people.rows, activity: activity.rows, draws: draws.rows };
}

/** The tools' words and registrations' cancel words of the account, for the trigger registry. */
export async function programWords(db: Queryable, accountId: number) {
  const r = await db.query<{
    id: number;
    kind: string;
    name: string;
    word: string | null;
    cancel_word: string | null;
  }>(
    `select id, kind, name, keyword_norm as word, upper(settings->>'cancelWord') as cancel_word
       from marketing_programs
      where account_id = $1 and (keyword_norm is not null or settings->>'cancelWord' is not null)`,
    [accountId],
  );
  return r.rows;
}
