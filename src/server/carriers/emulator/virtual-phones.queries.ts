import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { ownedBy } from "../../db/tenant";
import { phoneNumbers } from "../../features/numbers/numbers.schema";
import type { AuthContext } from "../../http/context";
import { emuMessages } from "./emulator.schema";

/**
 * A virtual phone is any outside number that exchanged messages with one of the account's live
 * numbers, counted from the day the account got that number: a number bought after someone else
 * released it does not show the previous owner's conversations.
 */
function liveNumbers(auth: AuthContext) {
  return sql`select ${phoneNumbers.number} as number, ${phoneNumbers.createdAt} as since
    from ${phoneNumbers}
    where ${ownedBy(phoneNumbers, auth)} and ${phoneNumbers.state} <> 'released'`;
}

/** Both directions of the account's traffic, each side read through its own index. */
function exchanged(auth: AuthContext, phone?: string) {
  const toPhone = phone ? sql`and m.to_number = ${phone}` : sql``;
  const fromPhone = phone ? sql`and m.from_number = ${phone}` : sql``;
  return sql`with live as (${liveNumbers(auth)})
    select m.*, m.to_number as phone from ${emuMessages} m join live on m.from_number = live.number
      where m.direction = 'outbound-api' and m.created_at >= live.since ${toPhone}
    union all
    select m.*, m.from_number as phone from ${emuMessages} m join live on m.to_number = live.number
      where m.direction = 'inbound' and m.created_at >= live.since ${fromPhone}`;
}

export type VirtualPhoneRow = {
  phone: string;
  last_at: Date;
  last_body: string;
  message_count: number;
};

export async function listVirtualPhones(db: Db, auth: AuthContext): Promise<VirtualPhoneRow[]> {
  const { rows } = await db.execute<VirtualPhoneRow>(sql`
    select phone, last_at, last_body, message_count from (
      select distinct on (phone) phone, created_at as last_at, body as last_body,
             (count(*) over (partition by phone))::int as message_count
      from (${exchanged(auth)}) x
      order by phone, created_at desc, sid desc
    ) latest
    order by last_at desc, phone
    limit 1000`);
  return rows;
}

export type ThreadRow = {
  sid: string;
  direction: string;
  from_number: string;
  to_number: string;
  body: string;
  media_urls: string[];
  num_segments: number;
  status: string;
  created_at: Date;
};

/** The newest 500 messages of the conversation, oldest first. */
export async function listThread(db: Db, auth: AuthContext, phone: string): Promise<ThreadRow[]> {
  const { rows } = await db.execute<ThreadRow>(sql`
    select * from (
      select sid, direction, from_number, to_number, body, media_urls, num_segments, status,
             created_at
      from (${exchanged(auth, phone)}) x
      order by created_at desc, sid desc
      limit 500
    ) newest
    order by created_at, sid`);
  return rows;
}

export async function isLiveNumberOf(db: Db, auth: AuthContext, number: string) {
  const [row] = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(
      and(
        ownedBy(phoneNumbers, auth),
        eq(phoneNumbers.number, number),
        ne(phoneNumbers.state, "released"),
      ),
    );
  return row !== undefined;
}
