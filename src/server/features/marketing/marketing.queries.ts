import { randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { type MarketingKind, makeCode } from "../../../domain/marketing";
import type { Db, Executor } from "../../db/connection";
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
