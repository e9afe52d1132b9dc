import { creditsOfText } from "../../../domain/credit-rule";
import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import { timezoneById } from "../../../domain/timezones";
import { CONNECTION_TEXT } from "../../../domain/webinar-connections";
import {
  type ParsedRegistrant,
  parseRegistrantsCsv,
  renderReminder,
  WEBINAR_PROVIDER_NAMES,
  WEBINAR_TEXT,
  type WebinarEvent,
  type WebinarEventBody,
  type WebinarProvider,
} from "../../../domain/webinars";
import { type Executor, inTransaction } from "../../db/connection";
import type { Actor, AppContext } from "../../http/context";
import { getNumber } from "../numbers/numbers.service";
import { chargeTexts, queueMessage } from "../outbound/outbound.service";
import { addWebinarSubscribers } from "../subscribers/subscribers.service";
import { accessFor, connectable, listConnections } from "./webinar-connections.service";
import { fetchProviderWebinar, providerConfigured } from "./webinar-providers";
import type { DueReminder } from "./webinars.queries";
import * as q from "./webinars.queries";

const notFound = () => new AppError("NOT_FOUND", WEBINAR_TEXT.notFound);

function toEvent(
  e: q.EventRow,
  c: { registrants: number; consented: number; remindersScheduled: number; remindersSent: number },
): WebinarEvent {
  return {
    id: e.id,
    title: e.title,
    source: e.source,
    externalId: e.externalId,
    startsAt: e.startsAt.toISOString(),
    durationMinutes: e.durationMinutes,
    joinUrl: e.joinUrl,
    phoneNumberId: e.phoneNumberId,
    reminderOffsets: e.reminderOffsets,
    reminderMessage: e.reminderMessage,
    registrants: Number(c.registrants),
    consented: Number(c.consented),
    remindersScheduled: Number(c.remindersScheduled),
    remindersSent: Number(c.remindersSent),
  };
}

export async function listEvents(ctx: AppContext, auth: Actor) {
  assertCan(auth, "webinars:read");
  const [rows, connections] = await Promise.all([
    q.listEvents(ctx.db, auth),
    listConnections(ctx, auth),
  ]);
  // A service is ready to import from when the account connected it or the server has a token.
  const ready = (p: WebinarProvider) =>
    connections[p].connection !== null || connections[p].serverToken;
  return {
    rows: rows.map((r) => toEvent(r.event, r)),
    providers: { zoom: ready("zoom"), goto: ready("goto") },
  };
}

export async function getEvent(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "webinars:read");
  const rows = await q.listEvents(ctx.db, auth);
  const row = rows.find((r) => r.event.id === id);
  if (!row) throw notFound();
  return toEvent(row.event, row);
}

async function assertOwnNumber(ctx: AppContext, auth: Actor, id: number | null) {
  if (id === null) return;
  try {
    await getNumber(ctx, auth, id);
  } catch {
    throw new AppError("VALIDATION", "Choose one of your numbers", {
      fields: { phoneNumberId: "Choose one of your numbers" },
    });
  }
}

export async function createEvent(ctx: AppContext, auth: Actor, body: WebinarEventBody) {
  assertCan(auth, "webinars:write");
  await assertOwnNumber(ctx, auth, body.phoneNumberId);
  const row = await q.insertEvent(ctx.db, {
    accountId: auth.accountId,
    title: body.title,
    source: "csv",
    startsAt: new Date(body.startsAt),
    durationMinutes: body.durationMinutes,
    joinUrl: body.joinUrl,
    phoneNumberId: body.phoneNumberId,
    reminderOffsets: body.reminderOffsets,
    reminderMessage: body.reminderMessage,
  });
  return getEvent(ctx, auth, row.id);
}

/** A moved event (or new offsets) reschedules its reminders; sent ones stay sent. */
export async function updateEvent(
  ctx: AppContext,
  auth: Actor,
  id: number,
  body: WebinarEventBody,
  now = ctx.clock.now(),
) {
  assertCan(auth, "webinars:write");
  await assertOwnNumber(ctx, auth, body.phoneNumberId);
  await ctx.db.transaction(async (tx) => {
    const row = await q.updateEvent(tx, auth, id, {
      title: body.title,
      startsAt: new Date(body.startsAt),
      durationMinutes: body.durationMinutes,
      joinUrl: body.joinUrl,
      phoneNumberId: body.phoneNumberId,
      reminderOffsets: body.reminderOffsets,
      reminderMessage: body.reminderMessage,
      updatedAt: now,
    });
    if (!row) throw notFound();
    await q.planReminders(tx, id, now);
  });
  return getEvent(ctx, auth, id);
}

/** Deleting an event cancels its reminders still to come (they go with it). */
export async function deleteEvent(ctx: AppContext, auth: Actor, id: number) {
  assertCan(auth, "webinars:write");
  if ((await q.deleteEvent(ctx.db, auth, id)) === 0) throw notFound();
}

export async function listRegistrants(ctx: AppContext, auth: Actor, eventId: number) {
  assertCan(auth, "webinars:read");
  if (!(await q.findEvent(ctx.db, auth, eventId))) throw notFound();
  const rows = await q.listRegistrants(ctx.db, auth, eventId);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      phone: r.phone,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      joinUrl: r.joinUrl,
      consent: r.consent,
      subscriberId: r.subscriberId === null ? null : Number(r.subscriberId),
      reminders: r.reminders ?? [],
    })),
  };
}

/**
 * Registrants into an event: the ones who agreed to texts (consent column, or the business's
 * attestation for the whole file) become subscribers with method 'Webinar Import' and a line in
 * the consent ledger, and get the event's reminders; the others are kept on the event only.
 */
async function importRegistrants(
  tx: Executor,
  auth: Actor,
  event: q.EventRow,
  rows: ParsedRegistrant[],
  attested: boolean,
  now: Date,
) {
  const withConsent = rows.map((r) => ({ ...r, consent: r.consent ?? attested }));
  const agreed = withConsent.filter((r) => r.consent);
  const subscriberIds = await addWebinarSubscribers(
    tx,
    {
      accountId: auth.accountId,
      userId: auth.userId,
      detail: `Webinar "${event.title.slice(0, 80)}" (#${event.id})`,
    },
    agreed,
  );
  await q.upsertRegistrants(
    tx,
    event,
    withConsent.map((r) => ({
      ...r,
      joinUrl: r.joinUrl,
      subscriberId: subscriberIds.get(r.phone) ?? null,
    })),
  );
  const scheduled = await q.planReminders(tx, event.id, now);
  return { consented: agreed.length, scheduled };
}

export async function importCsv(
  ctx: AppContext,
  auth: Actor,
  eventId: number,
  body: { csv: string; consent: boolean },
  now = ctx.clock.now(),
) {
  assertCan(auth, "webinars:write");
  assertCan(auth, "subscribers:import");
  const parsed = parseRegistrantsCsv(body.csv);
  if (!parsed.hasPhone)
    throw new AppError("VALIDATION", WEBINAR_TEXT.csvNoPhone, {
      fields: { csv: WEBINAR_TEXT.csvNoPhone },
    });
  const result = await ctx.db.transaction(async (tx) => {
    const event = await q.findEvent(tx, auth, eventId);
    if (!event) throw notFound();
    return importRegistrants(tx, auth, event, dedupe(parsed.rows), body.consent, now);
  });
  return {
    imported: dedupe(parsed.rows).length,
    consented: result.consented,
    skipped: parsed.errors.length,
    remindersScheduled: result.scheduled,
    errors: parsed.errors,
  };
}

function dedupe(rows: ParsedRegistrant[]) {
  return [...new Map(rows.map((r) => [r.phone, r])).values()];
}

/** A Zoom or GoTo webinar (by its id) becomes an event (or refreshes it) with its registrants. */
export async function importFromProvider(
  ctx: AppContext,
  auth: Actor,
  body: {
    provider: WebinarProvider;
    webinarId: string;
    consent: boolean;
    reminderOffsets: number[];
    reminderMessage: string;
  },
  now = ctx.clock.now(),
) {
  assertCan(auth, "webinars:write");
  assertCan(auth, "subscribers:import");
  // The account's own connection first; the server's token is the operator's fallback.
  const access = await accessFor(ctx, auth, body.provider);
  if (!access && connectable(ctx, body.provider) && !providerConfigured(ctx.config, body.provider))
    throw new AppError(
      "CONFLICT",
      CONNECTION_TEXT.notConnected(WEBINAR_PROVIDER_NAMES[body.provider]),
      {
        reason: "not_connected",
      },
    );
  const w = await fetchProviderWebinar(ctx.config, body.provider, body.webinarId, access);
  const rows = dedupe(w.registrants).map((r) => ({ ...r, joinUrl: r.joinUrl || w.joinUrl }));
  const out = await ctx.db.transaction(async (tx) => {
    const known = await q.findEventByExternal(tx, auth, body.provider, body.webinarId);
    const fields = {
      title: w.title.slice(0, 120),
      startsAt: w.startsAt,
      durationMinutes: w.durationMinutes,
      joinUrl: w.joinUrl,
    };
    const event = known
      ? (await q.updateEvent(tx, auth, known.id, { ...fields, updatedAt: now }))!
      : await q.insertEvent(tx, {
          accountId: auth.accountId,
          source: body.provider,
          externalId: body.webinarId,
          reminderOffsets: body.reminderOffsets,
          reminderMessage: body.reminderMessage,
          ...fields,
        });
    const r = await importRegistrants(tx, auth, event, rows, body.consent, now);
    return { eventId: event.id, ...r };
  });
  return {
    eventId: out.eventId,
    provider: WEBINAR_PROVIDER_NAMES[body.provider],
    imported: rows.length,
    consented: out.consented,
    skipped: 0,
    remindersScheduled: out.scheduled,
    errors: [],
  };
}

// ---- sending ---------------------------------------------------------------------------------

/**
 * Hands the due reminders to the one outbound path, one transaction each: the credits, the
 * message and the reminder's 'queued' commit together (or none of them). A reminder that cannot
 * go (opted out, no credits, no number, the webinar already started) is kept as skipped with why.
 */
export async function sendDueReminders(ctx: AppContext, now = ctx.clock.now(), limit = 500) {
  let sent = 0;
  for (let i = 0; i < limit; i++) {
    // Set inside the transaction; `as` keeps TypeScript from taking it as never set.
    let reminder = undefined as DueReminder | undefined;
    try {
      const outcome = await inTransaction(ctx.db, async (_tx, client) => {
        reminder = await q.lockDueReminder(client, now);
        if (!reminder) return "none";
        const note = await queueReminder(ctx, client, reminder, now);
        await q.setReminderOutcome(client, reminder.id, {
          status: note.messageId ? "queued" : "skipped",
          messageId: note.messageId,
          note: note.text,
        });
        return note.messageId ? "queued" : "skipped";
      });
      if (outcome === "none") break;
      if (outcome === "queued") sent++;
    } catch (err) {
      if (!reminder) throw err;
      // Refused (opted out, no credits): the reminder is skipped with the reason, not retried.
      const text = err instanceof AppError ? err.message : "Could not be queued";
      await q.skipScheduledReminder(ctx.db.$client, reminder.id, text.slice(0, 300));
    }
  }
  return sent;
}

async function queueReminder(
  ctx: AppContext,
  client: import("pg").PoolClient,
  r: DueReminder,
  now: Date,
): Promise<{ messageId: number | null; text: string }> {
  if (new Date(r.starts_at).getTime() <= now.getTime())
    return { messageId: null, text: "The webinar had already started" };
  const from = await q.reminderNumber(client, r.account_id, r.phone_number_id);
  if (!from) return { messageId: null, text: WEBINAR_TEXT.noNumber };
  const body = renderReminder(r.reminder_message, {
    firstName: r.first_name,
    title: r.title,
    startsAt: new Date(r.starts_at),
    timeZone: timezoneById(r.timezone_id).iana,
    joinUrl: r.join_url || r.event_join_url,
  });
  const credits = creditsOfText({ source: "webinar_reminder", body, isMms: false });
  await chargeTexts(client, r.account_id, [{ to: r.phone, credits }], {
    reason: "charge",
    description: `Webinar reminder: ${r.title.slice(0, 60)}`,
  });
  const queued = await queueMessage(
    ctx,
    {
      accountId: r.account_id,
      from,
      to: r.phone,
      body,
      source: "webinar_reminder",
      subscriberId: r.subscriber_id === null ? undefined : Number(r.subscriber_id),
      credits,
    },
    client,
  );
  return { messageId: queued.id, text: "" };
}
