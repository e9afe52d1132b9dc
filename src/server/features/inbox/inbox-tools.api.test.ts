import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INBOX_TOOLS_TEXT } from "../../../domain/inbox-tools";
import { emuMessages } from "../../carriers/emulator/emulator.schema";
import { TestClock } from "../../clock";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { messages } from "../messages/messages.schema";
import { notifications } from "../notifications/notifications.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

const clock = new TestClock();
const t = await createTestServer({
  listen: true,
  clock,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000" },
});

async function giveNumber(accountId: number, number: string) {
  const owned = await t.ctx.carrier.buyNumber(number, {
    smsUrl: "",
    statusCallback: "",
    friendlyName: "",
  });
  await t.db.insert(phoneNumbers).values({ accountId, number, carrierSid: owned.sid });
}

function reply(from: string, to: string, body: string) {
  return receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from,
    to,
    body,
    mediaUrls: [],
    segments: 1,
  });
}

const A1 = "+14155550191";
const B1 = "+14155550192";
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
await giveNumber(a.account.id, A1);
await giveNumber(b.account.id, B1);
const mate = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const cookieMate = await loginAs(t.app, mate.username, mate.password);

async function conversation(phone: string, to = A1, accountId = a.account.id) {
  await reply(phone, to, "Hi there");
  const [row] = await t.db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.accountId, accountId), eq(subscribers.phone, phone)));
  return row!.id;
}

async function listIds(cookie: string, query = "") {
  const res = await t.get(`/api/inbox/conversations?${query}`, { cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as { rows: { id: number }[] }).rows.map((r) => r.id);
}

describe("internal notes", () => {
  it("shows a note in the thread with its author, never sends it, and tells whoever is mentioned", async () => {
    const phone = "+13105550901";
    const id = await conversation(phone);
    const before = await t.db.select().from(messages).where(eq(messages.subscriberId, id));
    const res = await t.post(
      `/api/inbox/conversations/${id}/notes`,
      { body: `@${mate.username} can you call them back?` },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(201);
    const note = res.json() as { id: string; type: string; message: string };
    expect(note.type).toBe("Note");

    const thread = await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieMate });
    const rows = (
      thread.json() as { rows: { type: string; message: string; sentFromUsername: string }[] }
    ).rows;
    const shown = rows.find((r) => r.type === "Note");
    expect(shown?.message).toContain("can you call them back?");
    expect(shown?.sentFromUsername).toBe(a.user.username);

    // Nothing was queued for the contact, and the carrier saw nothing to their phone.
    const after = await t.db.select().from(messages).where(eq(messages.subscriberId, id));
    expect(after.length).toBe(before.length);
    const carrier = await t.db.select().from(emuMessages).where(eq(emuMessages.toNumber, phone));
    expect(carrier).toEqual([]);

    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mate.id), eq(notifications.kind, "inbox_mention")));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/inbox?conversation=${id}`);
    // The author is not told of their own note.
    const self = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.kind, "inbox_mention")));
    expect(self).toHaveLength(0);
  });

  it("refuses an empty note with a clear 400, and another account's conversation with 404", async () => {
    const id = await conversation("+13105550902");
    const empty = await t.post(
      `/api/inbox/conversations/${id}/notes`,
      { body: "   " },
      { cookie: cookieA },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(INBOX_TOOLS_TEXT.noteEmpty);
    const other = await t.post(
      `/api/inbox/conversations/${id}/notes`,
      { body: "sneaky" },
      { cookie: cookieB },
    );
    expect(other.statusCode).toBe(404);
    const seen = await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieB });
    expect(seen.statusCode).toBe(404);
  });
});

describe("labels", () => {
  it("labels a conversation, filters by it, and bulk labels; another account sees none of it", async () => {
    const one = await conversation("+13105550903");
    const two = await conversation("+13105550904");
    const created = await t.post(
      "/api/inbox/labels",
      { name: "VIP", color: "orange" },
      { cookie: cookieA },
    );
    expect(created.statusCode).toBe(201);
    const vip = created.json() as { id: number };
    const twice = await t.post(
      "/api/inbox/labels",
      { name: "vip", color: "red" },
      { cookie: cookieA },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(INBOX_TOOLS_TEXT.labelExists);

    const set = await t.put(
      `/api/inbox/conversations/${one}/labels`,
      { labelIds: [vip.id] },
      { cookie: cookieA },
    );
    expect(set.statusCode).toBe(200);
    expect(await listIds(cookieA, `labelId=${vip.id}`)).toEqual([one]);
    const detail = await t.get(`/api/inbox/conversations/${one}`, { cookie: cookieA });
    expect((detail.json() as { labels: { name: string }[] }).labels.map((l) => l.name)).toEqual([
      "VIP",
    ]);

    const bulk = await t.post(
      "/api/inbox/bulk",
      { action: "label", labelId: vip.id, selection: { mode: "ids", numberIds: [one, two] } },
      { cookie: cookieA },
    );
    expect(bulk.statusCode).toBe(200);
    expect((await listIds(cookieA, `labelId=${vip.id}`)).sort()).toEqual([one, two].sort());

    // Account B: no labels listed, cannot use, delete or attach A's label, nor label A's conversation.
    const bLabels = await t.get("/api/inbox/labels", { cookie: cookieB });
    expect((bLabels.json() as { rows: unknown[] }).rows).toEqual([]);
    const bConv = await conversation("+13105550905", B1, b.account.id);
    const attach = await t.put(
      `/api/inbox/conversations/${bConv}/labels`,
      { labelIds: [vip.id] },
      { cookie: cookieB },
    );
    expect(attach.statusCode).toBe(404);
    const bulkB = await t.post(
      "/api/inbox/bulk",
      { action: "label", labelId: vip.id, selection: { mode: "ids", numberIds: [bConv] } },
      { cookie: cookieB },
    );
    expect(bulkB.statusCode).toBe(404);
    const onA = await t.put(
      `/api/inbox/conversations/${one}/labels`,
      { labelIds: [] },
      { cookie: cookieB },
    );
    expect(onA.statusCode).toBe(404);
    expect(
      (await t.request({ url: `/api/inbox/labels/${vip.id}`, method: "DELETE", cookie: cookieB }))
        .statusCode,
    ).toBe(404);
    expect(await listIds(cookieA, `labelId=${vip.id}`)).toHaveLength(2);

    const removed = await t.request({
      url: `/api/inbox/labels/${vip.id}`,
      method: "DELETE",
      cookie: cookieA,
    });
    expect(removed.statusCode).toBe(200);
    expect(await listIds(cookieA, `labelId=${vip.id}`)).toEqual([]);
  });
});

describe("snooze", () => {
  it("leaves the open list until its time, then comes back with a marker", async () => {
    const id = await conversation("+13105550906");
    const past = await t.post(
      `/api/inbox/conversations/${id}/snooze`,
      { mode: "until", until: new Date(clock.now().getTime() - 1000).toISOString() },
      { cookie: cookieA },
    );
    expect(past.statusCode).toBe(400);
    const until = new Date(clock.now().getTime() + 3_600_000);
    const res = await t.post(
      `/api/inbox/conversations/${id}/snooze`,
      { mode: "until", until: until.toISOString() },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(200);
    expect(await listIds(cookieA)).not.toContain(id);
    expect(await listIds(cookieA, "snoozed=true")).toContain(id);

    clock.set(until.getTime() + 1000);
    expect(await listIds(cookieA)).toContain(id);
    const back = await t.get(`/api/inbox/conversations/${id}`, { cookie: cookieA });
    expect((back.json() as { snoozeEnded: boolean }).snoozeEnded).toBe(true);
    // Opened: the marker goes.
    await t.post(`/api/inbox/conversations/${id}/read`, {}, { cookie: cookieA });
    const seen = await t.get(`/api/inbox/conversations/${id}`, { cookie: cookieA });
    expect((seen.json() as { snoozeEnded: boolean }).snoozeEnded).toBe(false);
  });

  it("until the next reply: the contact's text brings it back", async () => {
    const phone = "+13105550907";
    const id = await conversation(phone);
    await t.post(`/api/inbox/conversations/${id}/snooze`, { mode: "reply" }, { cookie: cookieA });
    expect(await listIds(cookieA)).not.toContain(id);
    expect(
      (
        await t.post(
          `/api/inbox/conversations/${id}/snooze`,
          { mode: "reply" },
          { cookie: cookieB },
        )
      ).statusCode,
    ).toBe(404);
    await reply(phone, A1, "Any news?");
    expect(await listIds(cookieA)).toContain(id);
    const back = await t.get(`/api/inbox/conversations/${id}`, { cookie: cookieA });
    expect((back.json() as { snoozeEnded: boolean }).snoozeEnded).toBe(true);
  });
});

describe("alerts", () => {
  it("keeps each user's own choice", async () => {
    const first = await t.get("/api/inbox/alerts", { cookie: cookieMate });
    expect(first.json()).toEqual({ desktopAlerts: false, sound: false });
    const saved = await t.put(
      "/api/inbox/alerts",
      { desktopAlerts: true, sound: true },
      { cookie: cookieMate },
    );
    expect(saved.statusCode).toBe(200);
    expect((await t.get("/api/inbox/alerts", { cookie: cookieMate })).json()).toEqual({
      desktopAlerts: true,
      sound: true,
    });
    expect((await t.get("/api/inbox/alerts", { cookie: cookieA })).json()).toEqual({
      desktopAlerts: false,
      sound: false,
    });
    const bad = await t.put("/api/inbox/alerts", { sound: "loud" }, { cookie: cookieMate });
    expect(bad.statusCode).toBe(400);
  });

  it("tells a solo owner why assigning is not possible", async () => {
    const ctxB = await t.get("/api/inbox/context", { cookie: cookieB });
    expect((ctxB.json() as { canAssign: boolean }).canAssign).toBe(false);
  });
});
