import { eq, inArray } from "drizzle-orm";
import { formatUsNumber, toE164 } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { TwilioApiError } from "./api-error";
import { areaCodesFor, stockOf, toAvailableNumberResource } from "./available-numbers";
import { emuNumbers } from "./emulator.schema";
import { notFound } from "./messages.service";
import { forgetSender } from "./throughput-limiter";
import { type EmuNumberRow, newSid } from "./twilio-resources";

const MAX_PAGE_SIZE = 1000;

/** AvailablePhoneNumbers: the emulator's stock in order, minus the numbers someone owns. */
export async function searchAvailable(
  ctx: AppContext,
  q: { kind: "local" | "tollFree"; areaCode?: string; pageSize: number },
) {
  const pageSize = Math.min(Math.max(1, Math.floor(q.pageSize) || 50), MAX_PAGE_SIZE);
  const found: string[] = [];
  for (const areaCode of areaCodesFor(q.kind, q.areaCode)) {
    const stock = stockOf(areaCode);
    if (stock.length === 0) continue;
    const owned = await ctx.db
      .select({ number: emuNumbers.number })
      .from(emuNumbers)
      .where(inArray(emuNumbers.number, stock));
    const taken = new Set(owned.map((r) => r.number));
    for (const number of stock) {
      if (found.length >= pageSize) break;
      if (!taken.has(number)) found.push(number);
    }
    if (found.length >= pageSize) break;
  }
  return found.map((n) => toAvailableNumberResource(n, q.kind));
}

/** IncomingPhoneNumbers create: any valid NANP number nobody owns yet may be bought. */
export async function buyNumber(
  ctx: AppContext,
  input: { phoneNumber: string; smsUrl: string; statusCallback: string; friendlyName: string },
): Promise<EmuNumberRow> {
  if (toE164(input.phoneNumber) !== input.phoneNumber) {
    throw new TwilioApiError(400, 21421, "PhoneNumber is invalid");
  }
  const [row] = await ctx.db
    .insert(emuNumbers)
    .values({
      sid: newSid("PN"),
      number: input.phoneNumber,
      friendlyName: input.friendlyName || formatUsNumber(input.phoneNumber),
      smsUrl: input.smsUrl,
      statusCallback: input.statusCallback,
    })
    .onConflictDoNothing({ target: emuNumbers.number })
    .returning();
  if (!row) {
    throw new TwilioApiError(400, 21422, `PhoneNumber ${input.phoneNumber} is not available.`);
  }
  return row;
}

export async function releaseNumber(ctx: AppContext, sid: string): Promise<void> {
  const [row] = await ctx.db.delete(emuNumbers).where(eq(emuNumbers.sid, sid)).returning();
  if (!row) throw notFound(`IncomingPhoneNumbers/${sid}.json`);
  await forgetSender(ctx.db, row.number);
}

/** IncomingPhoneNumbers fetch by sid. */
export async function getOwnedNumber(ctx: AppContext, sid: string): Promise<EmuNumberRow> {
  const [row] = await ctx.db.select().from(emuNumbers).where(eq(emuNumbers.sid, sid));
  if (!row) throw notFound(`IncomingPhoneNumbers/${sid}.json`);
  return row;
}

export async function findOwnedNumber(ctx: AppContext, number: string) {
  const [row] = await ctx.db.select().from(emuNumbers).where(eq(emuNumbers.number, number));
  return row;
}

/** IncomingPhoneNumbers list: the numbers bought here, oldest first; PhoneNumber filters. */
export async function listOwnedNumbers(
  ctx: AppContext,
  filter: { phoneNumber?: string; pageSize: number; offset?: number },
) {
  // One more than a page (1000 at most), so the caller knows whether a next page exists.
  const size = Math.min(Math.max(Math.trunc(filter.pageSize) || 50, 1), 1001);
  const wanted = filter.phoneNumber ? toE164(filter.phoneNumber) : null;
  const q = ctx.db.select().from(emuNumbers);
  const rows = await (wanted ? q.where(eq(emuNumbers.number, wanted)) : q)
    .orderBy(emuNumbers.createdAt, emuNumbers.sid)
    .limit(size)
    .offset(filter.offset ?? 0);
  return rows;
}
