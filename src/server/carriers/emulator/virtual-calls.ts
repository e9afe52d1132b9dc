import { sql } from "drizzle-orm";
import { z } from "zod";
import { ownedBy } from "../../db/tenant";
import { phoneNumbers } from "../../features/numbers/numbers.schema";
import type { AppContext, AuthContext } from "../../http/context";

export const virtualCall = z.object({
  sid: z.string(),
  from: z.string(),
  to: z.string(),
  text: z.string(),
  language: z.string(),
  status: z.string(),
  durationSeconds: z.number().nullable(),
  hasAudio: z.boolean(),
  createdAt: z.string(),
});

/** Calls from the account's live numbers (since it got each number), as the emulator placed them. */
function accountCalls(auth: AuthContext) {
  return sql`with live as (
      select ${phoneNumbers.number} as number, ${phoneNumbers.createdAt} as since
        from ${phoneNumbers}
       where ${ownedBy(phoneNumbers, auth)} and ${phoneNumbers.state} <> 'released')
    select c.sid, c.from_number, c.to_number, c.say_text, c.language, c.status,
           c.duration_seconds, c.audio is not null as has_audio, c.created_at
      from emu_calls c join live on c.from_number = live.number and c.created_at >= live.since`;
}

type CallRow = {
  sid: string;
  from_number: string;
  to_number: string;
  say_text: string;
  language: string;
  status: string;
  duration_seconds: number | null;
  has_audio: boolean;
  created_at: Date | string;
};

function present(r: CallRow): z.infer<typeof virtualCall> {
  return {
    sid: r.sid,
    from: r.from_number,
    to: r.to_number,
    text: r.say_text,
    language: r.language,
    status: r.status,
    durationSeconds: r.duration_seconds,
    hasAudio: r.has_audio,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The newest 200 calls a virtual phone received from the account, oldest first. */
export async function callsTo(ctx: AppContext, auth: AuthContext, phone: string) {
  const { rows } = await ctx.db.execute<CallRow>(sql`
    select * from (${accountCalls(auth)}) x where x.to_number = ${phone}
     order by created_at desc limit 200`);
  return rows.reverse().map(present);
}

/** The phones the account called, with their newest call (merged into the phone list). */
export async function calledPhones(ctx: AppContext, auth: AuthContext) {
  const { rows } = await ctx.db.execute<CallRow & { n: number }>(sql`
    select distinct on (to_number) *, (count(*) over (partition by to_number))::int as n
      from (${accountCalls(auth)}) x order by to_number, created_at desc limit 1000`);
  return rows.map((r) => ({ ...present(r), count: Number(r.n) }));
}

/** One call's WAV, if the call came from one of the account's numbers; else undefined (404). */
export async function callAudio(ctx: AppContext, auth: AuthContext, sid: string) {
  const { rows } = await ctx.db.execute<{ audio: Buffer | null }>(sql`
    select c.audio from emu_calls c
     where c.sid = ${sid} and c.sid in (select sid from (${accountCalls(auth)}) x)`);
  return rows[0]?.audio ?? undefined;
}
