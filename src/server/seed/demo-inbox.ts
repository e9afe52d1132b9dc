import { and, asc, eq, sql } from "drizzle-orm";
import { userActor } from "../../domain/permissions";
import { textFromVirtualPhone } from "../carriers/emulator/virtual-phones.service";
import { handleInboundNow } from "../features/carrier-webhooks/inbound.service";
import * as inbox from "../features/inbox/inbox.service";
import { messages } from "../features/messages/messages.schema";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { subscribers } from "../features/subscribers/subscribers.schema";
import { users } from "../features/users/users.schema";
import type { AppContext } from "../http/context";

/** What a few demo subscribers text in, and what the business answered (null: not yet). */
const EXCHANGES: { says: string[]; answer: string | null }[] = [
  {
    says: ["Hi, do you have the blue running shoes in size 9?"],
    answer: "We do! Want us to hold a pair for you until Saturday?",
  },
  { says: ["Yes please, I'll come by around noon.", "Thanks!"], answer: null },
  { says: ["Is the 20% coupon still valid this weekend?"], answer: null },
  {
    says: ["Can I change my appointment to Thursday?"],
    answer: "Of course, you're booked for Thursday at 3 pm.",
  },
  { says: ["Perfect, see you then"], answer: null },
];

/**
 * Demo conversations: real texts from virtual phones through the carrier's inbound webhook, and
 * answers sent from the inbox; some unread, one assigned, one archived. Runs once (an account
 * that ever sent from the inbox is left alone). Needs the server listening, like any carrier call.
 */
export async function seedDemoInbox(ctx: AppContext): Promise<void> {
  if (!ctx.config.SEED_DEMO || !ctx.config.useEmulator) return;
  const [owner] = await ctx.db
    .select({
      id: users.id,
      accountId: users.accountId,
      level: users.permissionLevel,
      restricted: users.restricted,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, ctx.config.DEMO_USERNAME.toLowerCase()));
  if (!owner) return;
  const [sent] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.accountId, owner.accountId), eq(messages.source, "inbox")))
    .limit(1);
  if (sent) return;
  const [number] = await ctx.db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.accountId, owner.accountId), eq(phoneNumbers.state, "active")))
    .orderBy(asc(phoneNumbers.id))
    .limit(1);
  if (!number) return;
  const people = await ctx.db
    .select({ id: subscribers.id, phone: subscribers.phone })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.accountId, owner.accountId),
        sql`${subscribers.isLandline} is not true`,
        sql`not exists (select 1 from suppressions sp where sp.account_id = ${subscribers.accountId} and sp.phone = ${subscribers.phone})`,
      ),
    )
    .orderBy(asc(subscribers.id))
    .limit(4);
  if (people.length < 4) return;
  // The demo's answers are the owner's own, as if typed in the inbox: the inbox acts for a person.
  const auth = userActor({ ...owner, userId: owner.id });

  // Conversation 1: asked, answered, asked again (unread).
  const [a, b, c, d] = people as [
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
  ];
  // Each text filed before the next step (an answer, an assignment) looks for its conversation.
  const text = async (from: string, body: string) => {
    await textFromVirtualPhone(ctx, { from, to: number.number, body });
    await handleInboundNow(ctx);
  };
  const answer = (id: number, message: string) =>
    inbox.send(ctx, auth, id, {
      message,
      phoneNumberId: number.id,
      mediaUrls: [],
      sendAnyway: true,
    });

  await text(a.phone, EXCHANGES[0]!.says[0]!);
  await answer(a.id, EXCHANGES[0]!.answer!);
  for (const s of EXCHANGES[1]!.says) await text(a.phone, s);

  // Conversation 2: one unread question, assigned to the owner.
  await text(b.phone, EXCHANGES[2]!.says[0]!);
  await inbox.assign(ctx, auth, b.id, owner.id);

  // Conversation 3: answered and settled, then archived.
  await text(c.phone, EXCHANGES[3]!.says[0]!);
  await answer(c.id, EXCHANGES[3]!.answer!);
  await text(c.phone, EXCHANGES[4]!.says[0]!);
  await inbox.markRead(ctx, auth, c.id);
  await inbox.archive(ctx, auth, c.id);

  // Conversation 4: read and answered.
  await text(d.phone, "Do you deliver to Brooklyn?");
  await answer(d.id, "We do, free over $50.");
  await inbox.markRead(ctx, auth, d.id);
}
