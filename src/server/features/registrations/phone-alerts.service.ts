import { diffFields } from "../../../domain/audit";
import { AppError } from "../../../domain/errors";
import { assertCan, systemActor } from "../../../domain/permissions";
import { formatUsNumber, toE164 } from "../../../domain/phone";
import { alertQuiet, alertText, type PhoneAlertSettings } from "../../../domain/phone-alerts";
import { timezoneById } from "../../../domain/timezones";
import { inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { recordAuditOfChanges } from "../audit/audit.service";
import type { EventConsumer } from "../events/event-relay";
import type { AccountEvent } from "../events/events.service";
import { queueMessage } from "../outbound/outbound.service";
import {
  alertTarget,
  noteAlertSent,
  phoneAlertSettings,
  setPhoneAlertsOn,
  upsertPhoneAlertSettings,
} from "./phone-alerts.queries";

export async function getPhoneAlerts(ctx: AppContext, auth: Actor): Promise<PhoneAlertSettings> {
  assertCan(auth, "account:read");
  const row = await phoneAlertSettings(ctx.db.$client, auth.accountId);
  if (!row) throw new AppError("NOT_FOUND", "This account does not exist.");
  return row;
}

export async function savePhoneAlerts(
  ctx: AppContext,
  auth: Actor,
  input: { enabled: boolean; phone: string; quietStart: string | null; quietEnd: string | null },
): Promise<PhoneAlertSettings> {
  assertCan(auth, "settings:write");
  const phone = input.phone ? toE164(input.phone) : null;
  if (input.phone && !phone)
    throw new AppError("VALIDATION", "Enter a valid US or Canada phone number.", {
      fields: { phone: "Enter a valid US or Canada phone number." },
    });
  const before = await getPhoneAlerts(ctx, auth);
  await inTransaction(ctx.db, async (_tx, client) => {
    await setPhoneAlertsOn(client, auth.accountId, input.enabled);
    if (phone) {
      await upsertPhoneAlertSettings(client, auth.accountId, {
        phone,
        quietStart: input.quietStart,
        quietEnd: input.quietEnd,
      });
    }
  });
  const after = await getPhoneAlerts(ctx, auth);
  const changes = diffFields(before, after);
  await recordAuditOfChanges(ctx, auth, {
    action: "settings.notifications",
    target: { type: "setting", id: "phone_alerts", label: "Phone alerts" },
    changes,
  });
  return after;
}

/**
 * A reply arrived: the owner's phone gets a text about it (transactional, through the one
 * outbound path, from the number that got the reply), unless alerts are off, it is quiet time in
 * the account's zone, or the reply was STOP/HELP/START (compliance words are not conversations).
 */
export async function alertReplies(ctx: AppContext, events: AccountEvent[]) {
  for (const e of events) {
    if (e.type !== "message.received" || e.data.compliance) continue;
    const row = await alertTarget(ctx.db.$client, e.accountId, Number(e.data.numberId));
    const from = String(e.data.from ?? "");
    // No alert about the owner's own texts, nor when nothing is set up.
    if (!row || from === row.phone) continue;
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: timezoneById(row.timezoneId).iana,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(e.occurredAt);
    if (alertQuiet(row, local)) continue;
    assertCan(systemActor("carrier_webhook", e.accountId), "inbox:read");
    await queueMessage(ctx, {
      accountId: e.accountId,
      from: { id: row.numberId, number: row.number },
      to: row.phone,
      body: alertText(formatUsNumber(from), String(e.data.body ?? "")),
      source: "phone_alert",
    }).catch((err) => {
      // The owner's phone opted out of the account's number: no alert is allowed to it.
      if (!(err instanceof AppError)) throw err;
    });
    await noteAlertSent(ctx.db.$client, e.accountId);
  }
}

/**
 * The `phone_alerts` consumer of the account events (declared in registrations/feature.ts). The
 * relay's context is its transaction: the alerts are queued with the events' acknowledgement.
 */
export const phoneAlertsConsumer: EventConsumer = {
  types: ["message.received"],
  handle: (ctx, _tx, events) => alertReplies(ctx, events),
};
