import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { consentEvents, suppressions } from "../compliance/compliance.schema";
import { groupMembers, groups } from "../groups/groups.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { marketingDraws, marketingMembers } from "./marketing.schema";

// Marketing tools (issue 18): each tool through the real inbound path, its API, its report, the
// counter and referral pages, and the rules: another account's program is a 404, an opted-out
// number gets nothing.
const t = await createTestServer();

const OURS = "+14155550190";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: OURS, carrierSid: "PNmk1", included: true });

let n = 0;
const phone = () => `+1310555${String(4000 + n++).padStart(4, "0")}`;

function text(from: string, body: string) {
  return receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from,
    to: OURS,
    body,
    mediaUrls: [],
    segments: 1,
  });
}

async function answersTo(to: string): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(messages)
    .where(and(eq(messages.toNumber, to), eq(messages.direction, "outbound")))
    .orderBy(messages.id);
  return rows.map((r) => r.body);
}

async function optedOut(): Promise<string> {
  const p = phone();
  await text(p, "STOP");
  expect(await answersTo(p)).toHaveLength(1);
  return p;
}

async function subscriberOf(p: string) {
  const [row] = await t.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, p)));
  return row;
}

async function membersOf(programId: number) {
  return t.db.select().from(marketingMembers).where(eq(marketingMembers.programId, programId));
}

const soon = () => new Date(Date.now() + 7 * 86400_000).toISOString();
const past = () => new Date(Date.now() - 3600_000).toISOString();
const create = (body: Record<string, unknown>, c = cookie) =>
  t.post("/api/marketing/programs", { phoneNumberId: null, ...body }, { cookie: c });
const report = async (id: number) =>
  (await t.get(`/api/marketing/programs/${id}/report`, { cookie })).json();
const tokenOf = (counterUrl: string) => counterUrl.split("/counter/")[1]!;
const CODE = /code ([A-Z2-9]{8})/;

describe("loyalty rewards", () => {
  let id = 0;
  let token = "";
  const member = phone();

  it("creates a program, refusing compliance words and a word in use", async () => {
    const bad = await create({
      kind: "loyalty",
      name: "Coffee card",
      keyword: "stop",
      settings: { reward: "a free coffee" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/STOP is reserved/);
    const res = await create({
      kind: "loyalty",
      name: "Coffee card",
      keyword: "Checkin",
      settings: { reward: "a free coffee", rewardPoints: 2, pointsPerCheckin: 1, periodHours: 24 },
    });
    expect(res.statusCode).toBe(201);
    id = res.json().id;
    token = tokenOf(res.json().counterUrl);
    expect(res.json().keyword).toBe("CHECKIN");
    const dup = await create({
      kind: "giveaway",
      name: "Dup",
      keyword: "CHECKIN",
      settings: { prize: "x", startsAt: past(), endsAt: soon() },
    });
    expect(dup.statusCode).toBe(409);
  });

  it("keeps the program to its account", async () => {
    for (const url of [`/api/marketing/programs/${id}`, `/api/marketing/programs/${id}/report`]) {
      expect((await t.get(url, { cookie: otherCookie })).statusCode).toBe(404);
    }
    const list = await t.get("/api/marketing/programs?kind=loyalty", { cookie: otherCookie });
    expect(list.json().programs).toEqual([]);
    const del = await t.request({
      method: "DELETE",
      url: `/api/marketing/programs/${id}`,
      cookie: otherCookie,
    });
    expect(del.statusCode).toBe(404);
    const put = await t.request({
      method: "PUT",
      url: `/api/marketing/programs/${id}`,
      cookie: otherCookie,
      body: {
        kind: "loyalty",
        name: "Mine",
        keyword: "MINE",
        phoneNumberId: null,
        settings: { reward: "x" },
      },
    });
    expect(put.statusCode).toBe(404);
  });

  it("checks a texter in once per period, records consent and texts a reward code at N points", async () => {
    await text(member, " checkin ");
    const sub = await subscriberOf(member);
    expect(sub?.marketingConsentAt).not.toBeNull();
    expect(sub?.signupMethod).toBe("KEYWORD");
    let answers = await answersTo(member);
    expect(answers[0]).toBe(
      "Bean There: Thanks for checking in! You have 1 of 2 points toward a free coffee. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    );
    await text(member, "CHECKIN");
    answers = await answersTo(member);
    expect(answers[1]).toMatch(
      /^Bean There: You already checked in\. Check in again from .*1 of 2 points/,
    );
    expect((await membersOf(id))[0]).toMatchObject({ points: 1, checkins: 1 });

    // A day later: the second point reaches the reward, which comes with a unique code.
    await t.db.execute(
      `update marketing_members set last_checkin_at = now() - interval '25 hours' where program_id = ${id}` as never,
    );
    await text(member, "checkin");
    answers = await answersTo(member);
    expect(answers[2]).toMatch(
      /^Bean There: Thanks for checking in! You earned a free coffee\. Show code [A-Z2-9]{8} at the counter/,
    );
    const code = CODE.exec(answers[2]!)![1]!;
    expect((await membersOf(id))[0]).toMatchObject({ points: 0, checkins: 2 });

    const r = await report(id);
    expect(r.figures).toMatchObject({
      members: 1,
      checkins: 2,
      rewardsIssued: 1,
      rewardsRedeemed: 0,
    });
    expect(r.people[0].code).toBe(code);

    // The counter: valid, then redeemed once; a second scan says when it was used.
    const check = await t.get(`/api/public/counter/${token}/codes/${code.toLowerCase()}`);
    expect(check.json()).toMatchObject({
      state: "valid",
      offer: "a free coffee",
      holder: `•••${member.slice(-4)}`,
    });
    const redeemed = await t.post(`/api/public/counter/${token}/codes/${code}/redeem`, {});
    expect(redeemed.json()).toMatchObject({
      state: "redeemed",
      redeemedNow: true,
      issued: 1,
      redeemed: 1,
    });
    const again = await t.post(`/api/public/counter/${token}/codes/${code}/redeem`, {});
    expect(again.json()).toMatchObject({ state: "redeemed", redeemedNow: false });
    expect((await t.get(`/api/public/counter/${token}/codes/ZZZZZZZZ`)).json().state).toBe(
      "unknown",
    );
    expect((await report(id)).figures.rewardsRedeemed).toBe(1);
  });

  it("asks for the shop's code when one is set", async () => {
    const put = await t.request({
      method: "PUT",
      url: `/api/marketing/programs/${id}`,
      cookie,
      body: {
        kind: "loyalty",
        name: "Coffee card",
        keyword: "CHECKIN",
        phoneNumberId: null,
        settings: { reward: "a free coffee", rewardPoints: 2, checkinCode: "4821" },
      },
    });
    expect(put.statusCode).toBe(200);
    const p = phone();
    await text(p, "checkin");
    expect((await answersTo(p))[0]).toMatch(
      /To check in, text CHECKIN and the code shown in the shop/,
    );
    expect((await membersOf(id)).find((m) => m.phone === p)).toBeUndefined();
    await text(p, "checkin 4821");
    expect((await membersOf(id)).find((m) => m.phone === p)?.checkins).toBe(1);
  });

  it("gives an opted-out number nothing", async () => {
    const p = await optedOut();
    await text(p, "CHECKIN 4821");
    expect(await answersTo(p)).toHaveLength(1);
    expect((await membersOf(id)).find((m) => m.phone === p)).toBeUndefined();
  });
});

describe("digital coupons", () => {
  it("texts each consenting group member a unique code once; the counter redeems until expiry", async () => {
    const [group] = await t.db
      .insert(groups)
      .values({ accountId: account.id, name: "VIP" })
      .returning();
    const people = [phone(), phone(), phone(), phone()];
    const rows = await t.db
      .insert(subscribers)
      .values(
        people.map((p, i) => ({
          accountId: account.id,
          phone: p,
          marketingConsentAt: i === 2 ? null : new Date(),
          consentSource: "manual",
        })),
      )
      .returning();
    await t.db
      .insert(groupMembers)
      .values(rows.map((r) => ({ groupId: group!.id, subscriberId: r.id })));
    await t.db
      .insert(suppressions)
      .values({ accountId: account.id, phone: people[3]!, reason: "opted_out" });

    const noCode = await create({
      kind: "coupon",
      name: "Spring",
      settings: {
        offer: "20% off",
        message: "20% off today",
        expiresAt: soon(),
        groupId: group!.id,
      },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toMatch(/\{code\}/);
    const otherGroup = await create(
      {
        kind: "coupon",
        name: "Spring",
        settings: { offer: "20% off", message: "{code}", expiresAt: soon(), groupId: group!.id },
      },
      otherCookie,
    );
    expect(otherGroup.statusCode).toBe(404);

    const res = await create({
      kind: "coupon",
      name: "Spring",
      settings: {
        offer: "20% off",
        message: "{offer} any drink with code {code}, until {expiry}.",
        expiresAt: soon(),
        groupId: group!.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(
      (await t.post(`/api/marketing/programs/${id}/send`, {}, { cookie: otherCookie })).statusCode,
    ).toBe(404);
    const sent = await t.post(`/api/marketing/programs/${id}/send`, {}, { cookie });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent: 2, skipped: 2 });
    const a = await answersTo(people[0]!);
    const b = await answersTo(people[1]!);
    expect(a[0]).toMatch(
      /^Bean There: 20% off any drink with code [A-Z2-9]{8}, until .+\. Reply STOP to opt out\.$/,
    );
    const codeA = CODE.exec(a[0]!)![1]!;
    const codeB = CODE.exec(b[0]!)![1]!;
    expect(codeA).not.toBe(codeB);
    expect(await answersTo(people[2]!)).toEqual([]);
    expect(await answersTo(people[3]!)).toEqual([]);
    expect((await t.post(`/api/marketing/programs/${id}/send`, {}, { cookie })).statusCode).toBe(
      409,
    );

    const token = tokenOf(res.json().counterUrl);
    const info = await t.get(`/api/public/counter/${token}`);
    expect(info.json()).toMatchObject({
      business: "Bean There",
      offer: "20% off",
      issued: 2,
      redeemed: 0,
    });
    const r1 = await t.post(`/api/public/counter/${token}/codes/${codeA}/redeem`, {});
    expect(r1.json()).toMatchObject({ state: "redeemed", redeemedNow: true, redeemed: 1 });
    // Past the expiry a code is expired and cannot be redeemed.
    await t.db.execute(
      `update marketing_programs set settings = settings || '{"expiresAt":"${past()}"}' where id = ${id}` as never,
    );
    const r2 = await t.post(`/api/public/counter/${token}/codes/${codeB}/redeem`, {});
    expect(r2.json()).toMatchObject({ state: "expired", redeemedNow: false, redeemed: 1 });
    expect((await report(id)).figures).toMatchObject({ sent: 2, redeemed: 1, notRedeemed: 1 });
    expect((await t.get(`/api/public/counter/nosuchtoken/codes/${codeA}`)).statusCode).toBe(404);
  });
});

describe("text-in giveaway", () => {
  it("takes one entry per number in the window, draws a fair winner once and texts them", async () => {
    const res = await create({
      kind: "giveaway",
      name: "Summer giveaway",
      keyword: "WIN",
      settings: { prize: "a year of coffee", startsAt: past(), endsAt: soon(), winners: 1 },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const bad = await create({
      kind: "giveaway",
      name: "Backwards",
      keyword: "WIN2",
      settings: { prize: "x", startsAt: soon(), endsAt: past() },
    });
    expect(bad.json().error.message).toBe("The end must be after the start");

    const people = [phone(), phone(), phone()];
    for (const p of people) await text(p, "win");
    await text(people[0]!, "WIN");
    expect((await answersTo(people[0]!))[0]).toMatch(
      /^Bean There: You're entered in Summer giveaway to win a year of coffee!/,
    );
    expect((await answersTo(people[0]!))[1]).toMatch(/already entered/);
    const out = await optedOut();
    await text(out, "WIN");
    expect(await answersTo(out)).toHaveLength(1);
    expect(await membersOf(id)).toHaveLength(3);

    expect(
      (await t.post(`/api/marketing/programs/${id}/draw`, {}, { cookie: otherCookie })).statusCode,
    ).toBe(404);
    const draw = await t.post(`/api/marketing/programs/${id}/draw`, {}, { cookie });
    expect(draw.json()).toEqual({ entrants: 3, winners: 1 });
    const [record] = await t.db
      .select()
      .from(marketingDraws)
      .where(eq(marketingDraws.programId, id));
    expect(record).toMatchObject({ entrants: 3, drawnByUserId: user.id });
    expect(record!.method).toMatch(/crypto randomInt/);
    const winner = (await membersOf(id)).find((m) => m.state === "won")!;
    expect(record!.winnerMemberIds).toEqual([winner.id]);
    const texts = await answersTo(winner.phone);
    expect(texts.at(-1)).toMatch(
      /^Bean There: You won a year of coffee in Summer giveaway! Show code [A-Z2-9]{8} to claim it\. Reply STOP to opt out\.$/,
    );
    expect((await t.post(`/api/marketing/programs/${id}/draw`, {}, { cookie })).statusCode).toBe(
      409,
    );
    const late = phone();
    await text(late, "WIN");
    expect((await answersTo(late))[0]).toMatch(/Summer giveaway has closed/);
    const r = await report(id);
    expect(r.figures).toMatchObject({ entrants: 3, winners: 1 });
    expect(r.draws[0]).toMatchObject({ entrants: 3 });
    expect(r.draws[0].winners[0].phone).toBe(winner.phone);
  });
});

describe("viral texting", () => {
  it("credits friends who sign up through a member's link, with their consent, and rewards at N", async () => {
    const res = await create({
      kind: "referral",
      name: "Bring a friend",
      keyword: "SHARE",
      settings: {
        offer: "Join and get 10% off your first drink.",
        rewardReferrals: 2,
        reward: "a free pastry",
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const referrer = phone();
    await text(referrer, "share");
    const link = /\/r\/([A-Z2-9]{10})/.exec((await answersTo(referrer))[0]!)![1]!;
    const page = await t.get(`/api/public/referrals/${link}`);
    expect(page.json()).toMatchObject({
      business: "Bean There",
      offer: "Join and get 10% off your first drink.",
    });

    const noConsent = await t.post(`/api/public/referrals/${link}`, {
      phone: "3105559001",
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(await subscriberOf("+13105559001")).toBeUndefined();

    const friend = "+13105559002";
    const ok = await t.post(`/api/public/referrals/${link}`, {
      phone: "(310) 555-9002",
      firstName: "Ana",
      consent: true,
    });
    expect(ok.statusCode).toBe(200);
    const sub = await subscriberOf(friend);
    expect(sub?.marketingConsentAt).not.toBeNull();
    expect(sub?.consentSource).toBe("referral");
    const [evidence] = await t.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.phone, friend), eq(consentEvents.action, "consent")));
    expect(evidence!.detail).toContain(link);
    expect(evidence!.detail).toContain("Consent is not a condition of purchase");
    expect((await answersTo(friend))[0]).toMatch(
      /^Bean There: Welcome! .*10% off.*Reply HELP for help, STOP to opt out\.$/,
    );
    expect((await report(id)).figures).toMatchObject({
      sharers: 1,
      referrals: 1,
      rewardsIssued: 0,
      visits: 1,
    });

    // Someone already on the list is not a new friend; an opted-out number is left alone.
    const known = phone();
    await t.db
      .insert(subscribers)
      .values({ accountId: account.id, phone: known, marketingConsentAt: new Date() });
    await t.post(`/api/public/referrals/${link}`, { phone: known, consent: true });
    const out = await optedOut();
    await t.post(`/api/public/referrals/${link}`, { phone: out, consent: true });
    expect(await answersTo(out)).toHaveLength(1);
    expect((await report(id)).figures.referrals).toBe(1);

    await t.post(`/api/public/referrals/${link}`, { phone: "3105559003", consent: true });
    expect((await answersTo(referrer)).at(-1)).toMatch(
      /^Bean There: 2 friends joined with your link! You earned a free pastry\. Show code [A-Z2-9]{8}/,
    );
    expect((await report(id)).figures).toMatchObject({ referrals: 2, rewardsIssued: 1 });
    expect((await t.get("/api/public/referrals/NOSUCHCODE")).statusCode).toBe(404);
  });
});

describe("registration tool", () => {
  it("registers up to capacity, waitlists the rest and moves the first up when someone cancels", async () => {
    const eventAt = new Date(Date.now() + 3 * 86400_000).toISOString();
    const same = await create({
      kind: "registration",
      name: "Latte art class",
      keyword: "RSVP",
      settings: { eventAt, capacity: 1, cancelWord: "rsvp" },
    });
    expect(same.statusCode).toBe(400);
    const res = await create({
      kind: "registration",
      name: "Latte art class",
      keyword: "RSVP",
      settings: { eventAt, capacity: 1, location: "Main St", cancelWord: "notgoing" },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const [a, b, c] = [phone(), phone(), phone()];
    await text(a, "RSVP");
    await text(b, "rsvp");
    expect((await answersTo(a))[0]).toMatch(
      /^Bean There: You're registered for Latte art class on .* at Main St\. Text NOTGOING to cancel\./,
    );
    expect((await subscriberOf(a))?.signupMethod).toBe("BLESS_REGISTRATION");
    expect((await answersTo(b))[0]).toMatch(
      /Latte art class is full\. You're number 1 on the waiting list/,
    );
    const out = await optedOut();
    await text(out, "RSVP");
    expect(await answersTo(out)).toHaveLength(1);

    // Capacity below the registered count is refused.
    const lower = await t.request({
      method: "PUT",
      url: `/api/marketing/programs/${id}`,
      cookie,
      body: {
        kind: "registration",
        name: "Latte art class",
        keyword: "RSVP",
        phoneNumberId: null,
        settings: { eventAt, capacity: 1, cancelWord: "NOTGOING" },
      },
    });
    expect(lower.statusCode).toBe(200);

    await text(a, "notgoing");
    expect((await answersTo(a)).at(-1)).toMatch(
      /Your registration for Latte art class is cancelled/,
    );
    expect((await answersTo(b)).at(-1)).toMatch(
      /^Bean There: Good news! A place opened and you're now registered for Latte art class/,
    );
    const states = Object.fromEntries((await membersOf(id)).map((m) => [m.phone, m.state]));
    expect(states).toEqual({ [a]: "cancelled", [b]: "registered" });
    // The cancel word from someone not registered is not the tool's.
    await text(c, "NOTGOING");
    expect(await answersTo(c)).toEqual([]);
    expect((await report(id)).figures).toMatchObject({
      registered: 1,
      waitlisted: 0,
      cancelled: 1,
      promoted: 1,
    });
  });
});
