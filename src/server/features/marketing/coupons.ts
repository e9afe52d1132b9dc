import { randomInt } from "node:crypto";
import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import {
  fillTemplate,
  formatDay,
  MARKETING_TEXTS,
  makeCode,
  withProgramAndStop,
} from "../../../domain/marketing";
import type { CouponSettings } from "../../../domain/marketing.schemas";
import type { Actor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { chargeTexts, queueMessages } from "../outbound/outbound.service";
import * as q from "./marketing.queries";

/**
 * Digital coupons: each subscriber of the chosen group (or of the whole list) with marketing
 * consent and no opt-out gets their own code, texted through the outbound path in one charged
 * transaction; staff check and redeem codes on the counter page until the expiry.
 */
export async function sendCoupon(ctx: AppContext, auth: Actor, id: number) {
  const program = await q.findProgram(ctx.db, auth, id);
  if (!program) throw new AppError("NOT_FOUND", MARKETING_TEXTS.notFound);
  if (program.kind !== "coupon") throw new AppError("BAD_REQUEST", MARKETING_TEXTS.wrongKind);
  const s = program.settings as CouponSettings;
  if (program.status === "sent") throw new AppError("CONFLICT", MARKETING_TEXTS.alreadySent);
  if (Date.parse(s.expiresAt) <= ctx.clock.now().getTime())
    throw new AppError("BAD_REQUEST", MARKETING_TEXTS.expired);
  const from = await q.senderOf(ctx.db, auth.accountId, program.phoneNumberId);
  if (!from) throw new AppError("BAD_REQUEST", MARKETING_TEXTS.noNumber);
  const business = await q.accountName(ctx.db, auth.accountId);

  const client = await ctx.db.$client.connect();
  try {
    await client.query("begin");
    const locked = await client.query<{ status: string }>(
      "select status from marketing_programs where id = $1 and account_id = $2 for update",
      [id, auth.accountId],
    );
    if (locked.rows[0]?.status === "sent")
      throw new AppError("CONFLICT", MARKETING_TEXTS.alreadySent);
    // Consent recorded, not opted out or blocked, in the group when one is chosen.
    const audience = await client.query<{ id: number; phone: string }>(
      `select s.id::int as id, s.phone from subscribers s
        where s.account_id = $1 and s.marketing_consent_at is not null
          and not exists (select 1 from suppressions x where x.account_id = s.account_id and x.phone = s.phone)
          and ($2::int is null or exists (select 1 from group_members gm join groups g on g.id = gm.group_id
                                           where gm.subscriber_id = s.id and g.id = $2 and g.account_id = $1))
        order by s.id`,
      [auth.accountId, s.groupId],
    );
    const { rows: skippedRows } = await client.query<{ n: number }>(
      `select count(*)::int as n from subscribers s
        where s.account_id = $1
          and ($2::int is null or exists (select 1 from group_members gm where gm.subscriber_id = s.id and gm.group_id = $2))`,
      [auth.accountId, s.groupId],
    );
    const people = audience.rows;
    if (people.length === 0) throw new AppError("BAD_REQUEST", MARKETING_TEXTS.nobody);
    const used = new Set<string>();
    const codes = people.map(() => {
      let c = makeCode(randomInt);
      while (used.has(c)) c = makeCode(randomInt);
      used.add(c);
      return c;
    });
    const expiry = formatDay(new Date(s.expiresAt));
    const bodies = codes.map((code) =>
      withProgramAndStop(fillTemplate(s.message, { code, offer: s.offer, expiry }), business),
    );
    const texts = people.map((p, i) => ({
      accountId: auth.accountId,
      from,
      to: p.phone,
      body: bodies[i]!,
      source: "coupon" as const,
      subscriberId: p.id,
      credits: creditsOfText({ source: "coupon", body: bodies[i]!, isMms: false }),
    }));
    await chargeTexts(client, auth.accountId, texts, {
      reason: "charge",
      description: `Coupon "${program.name}" to ${people.length} subscriber${people.length === 1 ? "" : "s"}`,
    });
    const ids = await queueMessages(texts, client);
    await client.query(
      `insert into marketing_members (account_id, program_id, subscriber_id, phone, state, code, phone_number_id, message_id)
         select $1, $2, t.sid, t.phone, 'sent', t.code, $3, t.mid
           from unnest($4::bigint[], $5::text[], $6::text[], $7::bigint[]) as t(sid, phone, code, mid)
         on conflict (program_id, subscriber_id) do nothing`,
      [
        auth.accountId,
        id,
        from.id,
        people.map((p) => p.id),
        people.map((p) => p.phone),
        codes,
        ids,
      ],
    );
    const sentAt = ctx.clock.now().toISOString();
    await client.query(
      `update marketing_programs set status = 'sent', updated_at = now(),
              settings = settings || jsonb_build_object('sentAt', $2::text, 'sent', $3::int)
        where id = $1`,
      [id, sentAt, people.length],
    );
    await client.query(
      `insert into marketing_activity (account_id, program_id, kind, detail) values ($1, $2, 'send', $3)`,
      [auth.accountId, id, `Sent to ${people.length} subscriber${people.length === 1 ? "" : "s"}`],
    );
    await client.query("commit");
    const skipped = Math.max(0, (skippedRows[0]?.n ?? 0) - people.length);
    return {
      sent: people.length,
      skipped,
      message: `Coupon sent to ${people.length} subscriber${people.length === 1 ? "" : "s"}${skipped ? ` (${skipped} without consent or opted out left out)` : ""}`,
    };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
