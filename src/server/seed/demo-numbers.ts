import { eq, sql } from "drizzle-orm";
import { systemActor } from "../../domain/permissions";
import { textFromVirtualPhone } from "../carriers/emulator/virtual-phones.service";
import { handleInboundNow } from "../features/carrier-webhooks/inbound.service";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { buyNumber, searchAvailable } from "../features/numbers/numbers.service";
import { queueMessage } from "../features/outbound/outbound.service";
import { users } from "../features/users/users.schema";
import type { AppContext } from "../http/context";

/**
 * Gives the demo account a number from the built-in carrier and one short exchange with a
 * virtual phone, so the numbers and virtual-phones pages show something true on first start.
 * Runs once: an account that ever had a number is left alone. Needs the server listening,
 * because the carrier is reached over HTTP like a real one.
 */
export async function seedDemoNumbers(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO || !ctx.config.useEmulator) return;
  const [owner] = await ctx.db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(eq(sql`lower(${users.username})`, ctx.config.DEMO_USERNAME.toLowerCase()));
  if (!owner) return;
  const [had] = await ctx.db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.accountId, owner.accountId))
    .limit(1);
  if (had) return;

  const auth = systemActor("seed", owner.accountId, { userId: owner.id });
  const { rows } = await searchAvailable(ctx, { areaCode: "212", tollFree: false });
  const choice = rows[0];
  if (!choice) return;
  const number = await buyNumber(ctx, auth, { number: choice.number, name: "Main line" });
  // The demo's QR code template (seeded before any number existed) texts this line.
  await ctx.db.execute(
    sql`update qr_templates set phone_number_id = ${number.id}
         where account_id = ${owner.accountId} and phone_number_id is null`,
  );

  const customer = "+13105550123";
  await textFromVirtualPhone(ctx, {
    from: customer,
    to: number.number,
    body: "Hi! Are you open on Sunday mornings?",
  });
  // Filed before the answer, so the thread reads question then answer.
  await handleInboundNow(ctx);
  await queueMessage(ctx, {
    accountId: owner.accountId,
    from: { id: number.id, number: number.number },
    to: customer,
    body: "Yes, from 8 am to 1 pm. See you there!",
    source: "seed",
  });
}
