import { formatWhen } from "../../../domain/marketing";
import type { RegistrationSettings } from "../../../domain/marketing.schemas";
import type { AppContext } from "../../http/context";
import * as q from "./marketing.queries";
import { answer, consentFromText, type ToolTurn, textPerson } from "./tool-turn";

type Registered = { kind: "registered" | "already_registered"; newConsent: boolean };
type Waitlisted = {
  kind: "waitlisted" | "already_waitlisted";
  position: number;
  newConsent: boolean;
};
type Outcome = Registered | Waitlisted | { kind: "closed" };

/**
 * Registration tool: people register for an event by texting its word; past the capacity they go
 * on the waiting list. Texting the cancel word frees the place, and the first person waiting is
 * moved up and told.
 */
export async function registrationText(t: ToolTurn): Promise<boolean> {
  return t.program.byCancel ? cancel(t) : register(t);
}

function eventLine(name: string, s: RegistrationSettings) {
  return `${name} on ${formatWhen(new Date(s.eventAt))}${s.location ? ` at ${s.location}` : ""}`;
}

async function register(t: ToolTurn): Promise<boolean> {
  const s = t.program.settings as RegistrationSettings;
  const { m, now } = t;
  const outcome = await t.ctx.db.transaction(async (tx): Promise<Outcome> => {
    if (now.getTime() >= Date.parse(s.eventAt)) return { kind: "closed" };
    await q.lockProgram(tx, m.accountId, t.program.id);
    const newConsent = await consentFromText(tx, t, "BLESS_REGISTRATION");
    const existing = await q.findMember(tx, t.program.id, m.subscriberId);
    if (existing?.state === "registered") return { kind: "already_registered", newConsent };
    if (existing?.state === "waitlisted")
      return {
        kind: "already_waitlisted",
        position: await q.waitPosition(tx, t.program.id, existing.id),
        newConsent,
      };
    const state =
      ((await q.countRegistered(tx, t.program.id)) ?? 0) < s.capacity ? "registered" : "waitlisted";
    let memberId: number;
    if (existing) {
      // Cancelled before and back again: to the end of the line, as a new registration.
      await q.registerAgain(tx, existing.id, state, now, m.messageId);
      memberId = existing.id;
    } else {
      memberId = (
        await q.insertMember(tx, {
          accountId: m.accountId,
          programId: t.program.id,
          subscriberId: m.subscriberId,
          phone: m.from,
          state,
          phoneNumberId: m.number.id,
          messageId: m.messageId,
          at: now,
        })
      ).id;
    }
    await q.logActivity(tx, {
      accountId: m.accountId,
      programId: t.program.id,
      memberId,
      kind: state === "registered" ? "register" : "waitlist",
      messageId: m.messageId,
      at: now,
    });
    return state === "registered"
      ? { kind: "registered", newConsent }
      : {
          kind: "waitlisted",
          position: await q.waitPosition(tx, t.program.id, memberId),
          newConsent,
        };
  });
  const event = eventLine(t.program.name, s);
  const cancelHint = `Text ${s.cancelWord.toUpperCase()} to cancel.`;
  if (outcome.kind === "closed") {
    await answer(t, `Registration for ${t.program.name} has closed.`, false);
  } else if (!("position" in outcome)) {
    await answer(
      t,
      `${outcome.kind === "registered" ? "You're registered for" : "You're already registered for"} ${event}. ${cancelHint}`,
      outcome.newConsent,
    );
  } else {
    await answer(
      t,
      `${t.program.name} is full. You're number ${outcome.position} on the waiting list: we'll text you if a place opens. ${cancelHint}`,
      outcome.newConsent,
    );
  }
  return true;
}

async function cancel(t: ToolTurn): Promise<boolean> {
  const { m, now } = t;
  const result = await t.ctx.db.transaction(async (tx) => {
    await q.lockProgram(tx, m.accountId, t.program.id);
    const member = await q.findMember(tx, t.program.id, m.subscriberId);
    if (!member || (member.state !== "registered" && member.state !== "waitlisted")) return null;
    await q.setMemberState(tx, member.id, "cancelled");
    await q.logActivity(tx, {
      accountId: m.accountId,
      programId: t.program.id,
      memberId: member.id,
      kind: "cancel",
      messageId: m.messageId,
      at: now,
    });
    return { wasRegistered: member.state === "registered" };
  });
  // Not registered for this event: the word means something else (another tool, the inbox).
  if (!result) return false;
  await answer(
    t,
    `Your registration for ${t.program.name} is cancelled. Thanks for letting us know.`,
    false,
  );
  if (result.wasRegistered) await fillOpenPlaces(t.ctx, m.accountId, t.program.id);
  return true;
}

/**
 * Moves people up from the waiting list while places are free (after a cancel or a larger
 * capacity), first come first served, skipping anyone who opted out; each is texted.
 */
export async function fillOpenPlaces(ctx: AppContext, accountId: number, programId: number) {
  const moved = await ctx.db.transaction(async (tx) => {
    await q.lockProgram(tx, accountId, programId);
    const p = await q.registrationProgram<RegistrationSettings>(tx, programId);
    if (!p || Date.parse(p.settings.eventAt) <= ctx.clock.now().getTime()) return null;
    const free = p.settings.capacity - ((await q.countRegistered(tx, programId)) ?? 0);
    if (free <= 0) return null;
    const rows = await q.firstWaiting(tx, programId, free);
    for (const r of rows) {
      await q.setMemberState(tx, r.id, "registered");
      await q.logActivity(tx, {
        accountId,
        programId,
        memberId: r.id,
        kind: "promote",
        detail: "Moved up from the waiting list",
        at: ctx.clock.now(),
      });
    }
    return { program: p, people: rows };
  });
  if (!moved) return;
  const business = await q.accountName(ctx.db, accountId);
  const s = moved.program.settings;
  for (const p of moved.people) {
    const from = await q.senderOf(
      ctx.db,
      accountId,
      p.phoneNumberId ?? moved.program.phoneNumberId,
    );
    if (!from) continue;
    await textPerson(ctx, {
      accountId,
      from,
      to: p.phone,
      body: `${business}: Good news! A place opened and you're now registered for ${eventLine(moved.program.name, s)}. Text ${s.cancelWord.toUpperCase()} to cancel.`,
      subscriberId: p.subscriberId,
      source: "marketing_reply",
      transactional: true,
    });
  }
}
