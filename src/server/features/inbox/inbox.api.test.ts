import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INBOX_TEXT } from "../../../domain/inbox.schemas";
import { exportedCsv } from "../../test/exports";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { consentEvents } from "../compliance/compliance.schema";
import { groupMembers, groups } from "../groups/groups.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { userGroups, userPhoneNumbers } from "../users/users.schema";

const t = await createTestServer({
  listen: true,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000" },
});

async function giveNumber(accountId: number, number: string) {
  const owned = await t.ctx.carrier.buyNumber(number, {
    smsUrl: "",
    statusCallback: "",
    friendlyName: "",
  });
  const [row] = await t.db
    .insert(phoneNumbers)
    .values({ accountId, number, carrierSid: owned.sid })
    .returning();
  return row!.id;
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

const A1 = "+14155550181";
const A2 = "+14155550182";
const B1 = "+14155550183";
const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const numA1 = await giveNumber(a.account.id, A1);
const numA2 = await giveNumber(a.account.id, A2);
await giveNumber(b.account.id, B1);
const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
// An administrator limited to one number (agents are also limited to their groups: tested apart).
const restricted = await buildUser(t.db, {
  accountId: a.account.id,
  permissionLevel: 1,
  restricted: true,
});
await t.db.insert(userPhoneNumbers).values({ userId: restricted.id, phoneNumberId: numA1 });
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const cookieAgent = await loginAs(t.app, agent.username, agent.password);
const cookieRestricted = await loginAs(t.app, restricted.username, restricted.password);

async function list(cookie: string, query = "") {
  const res = await t.get(`/api/inbox/conversations?${query}`, { cookie });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    rows: { id: number; number: string; unreadMessages: number }[];
    hasMore: boolean;
  };
}

async function idOf(phone: string): Promise<number> {
  const [row] = await t.db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.accountId, a.account.id), eq(subscribers.phone, phone)));
  return row!.id;
}

describe("inbox: replies", () => {
  it("files a reply from a new number under a new subscriber, unread, on top", async () => {
    expect(await reply("+13105550101", A1, "Hi there, is the shop open?")).toBe("recorded");
    await reply("+13105550102", A2, "Second person");
    await reply("+13105550101", A1, "Hello?\nAnyone?");
    const { rows } = await list(cookieA);
    expect(rows.map((r) => r.number)).toEqual(["+13105550101", "+13105550102"]);
    expect(rows[0]).toMatchObject({
      previewMessage: "Hello?\nAnyone?",
      read: false,
      unreadMessages: 2,
      archived: false,
      assignedUserId: null,
      phoneNumberId: numA1,
    });
    const [sub] = await t.db.select().from(subscribers).where(eq(subscribers.id, rows[0]!.id));
    // A conversation contact: no marketing consent, so in no marketing send.
    expect(sub).toMatchObject({
      signupMethod: "OPT_IN_MESSAGE",
      consentSource: "inbound_message",
      marketingConsentAt: null,
    });
    // No consent to marketing is implied by texting in.
    const consent = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.phone, "+13105550101"));
    expect(consent).toEqual([]);
    // Both screens say so rather than "Opt In Message".
    const open = await t.get(`/api/inbox/conversations/${sub!.id}`, { cookie: cookieA });
    expect(open.json().signupMethodLabel).toBe("Texted in (conversation only)");
    const detail = await t.get(`/api/subscribers/${sub!.id}`, { cookie: cookieA });
    expect(detail.json().signupMethodLabel).toBe("Texted in (conversation only)");
  });

  it("counts unread conversations per tab", async () => {
    const res = await t.get("/api/inbox/counts", { cookie: cookieA });
    expect(res.json()).toEqual({ all: 2, assigned: 0, unassigned: 2, archived: 0 });
  });

  it("shows the thread newest at the bottom, 10 a page, and opening marks it read", async () => {
    const id = await idOf("+13105550101");
    for (let i = 0; i < 11; i++) await reply("+13105550101", A1, `message ${i}`);
    const first = await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieA });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(13);
    expect(page1.hasMore).toBe(true);
    expect(page1.rows.map((r: { message: string }) => r.message).slice(-2)).toEqual([
      "message 9",
      "message 10",
    ]);
    expect(page1.rows[0].type).toBe("reply");
    const before = page1.rows[0].messageId;
    const older = (
      await t.get(`/api/inbox/conversations/${id}/messages?before=${before}`, { cookie: cookieA })
    ).json();
    expect(older.rows.map((r: { message: string }) => r.message)).toEqual([
      "Hi there, is the shop open?",
      "Hello?\nAnyone?",
      "message 0",
    ]);
    expect(older.hasMore).toBe(false);

    expect(
      (await t.post(`/api/inbox/conversations/${id}/read`, {}, { cookie: cookieA })).statusCode,
    ).toBe(204);
    const detail = (await t.get(`/api/inbox/conversations/${id}`, { cookie: cookieA })).json();
    expect(detail).toMatchObject({ read: true, unreadMessages: 0, exists: true });
  });
});

describe("inbox: tenancy and permissions", () => {
  it("answers another account with 404 everywhere", async () => {
    const id = await idOf("+13105550101");
    expect((await list(cookieB)).rows).toEqual([]);
    for (const url of [
      `/api/inbox/conversations/${id}`,
      `/api/inbox/conversations/${id}/messages`,
    ]) {
      expect((await t.get(url, { cookie: cookieB })).statusCode).toBe(404);
    }
    const exported = await t.post(`/api/inbox/conversations/${id}/export`, {}, { cookie: cookieB });
    expect(exported.statusCode).toBe(404);
    for (const action of ["archive", "unarchive", "unsubscribe", "block", "read"]) {
      const res = await t.post(`/api/inbox/conversations/${id}/${action}`, {}, { cookie: cookieB });
      expect(res.statusCode).toBe(404);
    }
    const assign = await t.put(
      `/api/inbox/conversations/${id}/assignee`,
      { userId: b.user.id },
      { cookie: cookieB },
    );
    expect(assign.statusCode).toBe(404);
    const send = await t.post(
      `/api/inbox/conversations/${id}/messages`,
      { message: "hi", phoneNumberId: numA1 },
      { cookie: cookieB },
    );
    expect(send.statusCode).toBe(404);
    const thread = (
      await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieA })
    ).json();
    const del = await t.request({
      method: "DELETE",
      url: `/api/inbox/messages/${thread.rows[0].messageId}`,
      cookie: cookieB,
    });
    expect(del.statusCode).toBe(404);
    // Bulk on ids of another account changes nothing.
    const bulk = await t.post(
      "/api/inbox/bulk",
      { action: "archive", selection: { mode: "ids", numberIds: [id] } },
      { cookie: cookieB },
    );
    expect(bulk.json().count).toBe(0);
    expect((await t.get("/api/inbox/counts", { cookie: cookieB })).json().all).toBe(0);
  });

  it("shows a restricted user only the conversations of their numbers", async () => {
    const { rows } = await list(cookieRestricted);
    expect(rows.map((r) => r.number)).toEqual(["+13105550101"]);
    const other = await idOf("+13105550102");
    expect(
      (await t.get(`/api/inbox/conversations/${other}`, { cookie: cookieRestricted })).statusCode,
    ).toBe(404);
    expect(
      (await t.get(`/api/inbox/conversations/${other}/messages`, { cookie: cookieRestricted }))
        .statusCode,
    ).toBe(404);
    const ctx = (await t.get("/api/inbox/context", { cookie: cookieRestricted })).json();
    expect(ctx.restricted).toBe(true);
    expect(
      ctx.numbers.filter((n: { allowed: boolean }) => n.allowed).map((n: { id: number }) => n.id),
    ).toEqual([numA1]);
  });

  it("exports every reply the user's inbox shows, a restricted user's of their numbers only", async () => {
    const all = await exportedCsv(t, "/api/inbox/replies/export", cookieA);
    expect(all.statusCode).toBe(200);
    expect(all.body.split("\n")[0]).toBe(
      "\uFEFFDate (America/New_York),From,Name,To,Message,Attachments",
    );
    expect(all.body).toMatch(
      /\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\+13105550101,[^,\n]*,\+14155550181,"Hi there, is the shop open\?",\n/,
    );
    expect(all.body).toContain("Second person");
    expect(all.body).not.toContain("Welcome");
    const mine = await exportedCsv(t, "/api/inbox/replies/export", cookieRestricted);
    expect(mine.body).toContain("Hi there");
    expect(mine.body).not.toContain("Second person");
    const theirs = await exportedCsv(t, "/api/inbox/replies/export", cookieB);
    expect(theirs.body.trim().split("\n")).toHaveLength(1);
  });

  it("assigns only to users with access to the conversation's number", async () => {
    const onA2 = await idOf("+13105550102");
    const refused = await t.put(
      `/api/inbox/conversations/${onA2}/assignee`,
      { userId: restricted.id },
      { cookie: cookieA },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(INBOX_TEXT.noAssignableUsers);
    const users = (
      await t.get(`/api/inbox/assignable-users?numberIds=${onA2}`, { cookie: cookieA })
    ).json();
    expect(users.canAssign).toBe(true);
    expect(users.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [a.user.id, agent.id].sort(),
    );
    const ok = await t.put(
      `/api/inbox/conversations/${onA2}/assignee`,
      { userId: agent.id },
      { cookie: cookieA },
    );
    expect(ok.json().message).toBe(INBOX_TEXT.reassigned);
    expect((await list(cookieAgent, "status=assigned")).rows.map((r) => r.id)).toEqual([onA2]);
    expect((await list(cookieA, "status=assigned")).rows).toEqual([]);
    expect((await list(cookieA, "status=unassigned")).rows.map((r) => r.number)).toEqual([
      "+13105550101",
    ]);
    // A user of another account is not found.
    const foreign = await t.put(
      `/api/inbox/conversations/${onA2}/assignee`,
      { userId: b.user.id },
      { cookie: cookieA },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe("inbox: filters", () => {
  it("filters by number, search text and group, and sorts unread first", async () => {
    expect((await list(cookieA, `number=${numA2}`)).rows.map((r) => r.number)).toEqual([
      "+13105550102",
    ]);
    expect((await list(cookieA, "query=second")).rows.map((r) => r.number)).toEqual([
      "+13105550102",
    ]);
    expect((await list(cookieA, "query=5550101")).rows.map((r) => r.number)).toEqual([
      "+13105550101",
    ]);
    const [group] = await t.db
      .insert(groups)
      .values({ accountId: a.account.id, name: "VIP" })
      .returning();
    await t.db
      .insert(groupMembers)
      .values({ groupId: group!.id, subscriberId: await idOf("+13105550102") });
    expect((await list(cookieA, `groupId=${group!.id}`)).rows.map((r) => r.number)).toEqual([
      "+13105550102",
    ]);
    // 0101 was read above; 0102 is unread and older, so it leads only when sorting by unread.
    expect((await list(cookieA)).rows[0]!.number).toBe("+13105550101");
    expect((await list(cookieA, "sortByUnread=true")).rows[0]!.number).toBe("+13105550102");
    const bad = await t.get("/api/inbox/conversations?status=nope", { cookie: cookieA });
    expect(bad.statusCode).toBe(400);
  });
});

describe("inbox: bulk actions", () => {
  it("archives everything matching minus exclusions, and a reply brings one back", async () => {
    await reply("+13105550103", A1, "third");
    const keep = await idOf("+13105550103");
    const res = await t.post(
      "/api/inbox/bulk",
      {
        action: "archive",
        selection: { mode: "all", filters: { status: "all" }, excludedIds: [keep] },
      },
      { cookie: cookieA },
    );
    expect(res.json()).toEqual({ count: 2, message: INBOX_TEXT.bulkArchived });
    expect((await list(cookieA)).rows.map((r) => r.id)).toEqual([keep]);
    expect((await list(cookieA, "status=archived")).rows).toHaveLength(2);
    const archivedId = await idOf("+13105550101");
    const thread = (
      await t.get(`/api/inbox/conversations/${archivedId}/messages`, { cookie: cookieA })
    ).json();
    expect(thread.rows.at(-1).type).toBe("Archived");

    await reply("+13105550101", A1, "I am back");
    expect((await list(cookieA)).rows.map((r) => r.number)).toEqual([
      "+13105550101",
      "+13105550103",
    ]);
    const unread = await t.post(
      "/api/inbox/bulk",
      { action: "unread", selection: { mode: "ids", numberIds: [keep] } },
      { cookie: cookieA },
    );
    expect(unread.json().message).toBe(INBOX_TEXT.bulkUnread);
    const all = await t.post("/api/inbox/mark-all-read", {}, { cookie: cookieA });
    expect(all.statusCode).toBe(200);
    expect((await t.get("/api/inbox/counts", { cookie: cookieA })).json()).toEqual({
      all: 0,
      assigned: 0,
      unassigned: 0,
      archived: 0,
    });
    const missingUser = await t.post(
      "/api/inbox/bulk",
      { action: "assign", selection: { mode: "ids", numberIds: [keep] } },
      { cookie: cookieA },
    );
    expect(missingUser.statusCode).toBe(400);
  });
});

describe("inbox: sending, unsubscribe, block, export, delete", () => {
  it("sends in a conversation, then refuses once the contact is unsubscribed", async () => {
    const id = await idOf("+13105550103");
    const sent = await t.post(
      `/api/inbox/conversations/${id}/messages`,
      { message: "We are open until 6pm.", phoneNumberId: numA1 },
      { cookie: cookieA },
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ type: "message", message: "We are open until 6pm." });
    const top = (await list(cookieA)).rows[0]!;
    expect(top).toMatchObject({
      id,
      previewMessage: "We are open until 6pm.",
      lastOutboundNumberId: numA1,
    });

    const empty = await t.post(
      `/api/inbox/conversations/${id}/messages`,
      { message: "  ", phoneNumberId: numA1 },
      { cookie: cookieA },
    );
    expect(empty.statusCode).toBe(400);

    const un = await t.post(`/api/inbox/conversations/${id}/unsubscribe`, {}, { cookie: cookieA });
    expect(un.statusCode).toBe(200);
    const refused = await t.post(
      `/api/inbox/conversations/${id}/messages`,
      { message: "Still there?", phoneNumberId: numA1 },
      { cookie: cookieA },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(INBOX_TEXT.unsubscribedSend);
    const detail = (await t.get(`/api/inbox/conversations/${id}`, { cookie: cookieA })).json();
    expect(detail).toMatchObject({ unsubscribed: true, archived: true });
  });

  it("a restricted user cannot send from a number that is not theirs", async () => {
    const id = await idOf("+13105550101");
    const res = await t.post(
      `/api/inbox/conversations/${id}/messages`,
      { message: "hi", phoneNumberId: numA2 },
      { cookie: cookieRestricted },
    );
    expect(res.statusCode).toBe(403);
  });

  it("exports a conversation as CSV and deletes a message", async () => {
    const id = await idOf("+13105550101");
    const csv = await exportedCsv(t, `/api/inbox/conversations/${id}/export`, cookieA);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\n")[0]).toBe(
      "\uFEFFDate (America/New_York),Direction,From,To,Message,Status,Attachments,Sent By",
    );
    expect(csv.body).toContain("I am back");
    const ours = await t.post(
      `/api/inbox/conversations/${id}/messages`,
      { message: "Welcome back!", phoneNumberId: numA1 },
      { cookie: cookieA },
    );
    expect(ours.statusCode, ours.body).toBe(201);

    const thread = (
      await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieA })
    ).json();
    type Row = { messageId: number | null; type: string };
    // The contact's own text stays: refused, and the thread is unchanged.
    const theirs = thread.rows.find((r: Row) => r.messageId && r.type === "reply");
    const refused = await t.request({
      method: "DELETE",
      url: `/api/inbox/messages/${theirs.messageId}`,
      cookie: cookieA,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(INBOX_TEXT.onlyOwnDeleted);
    expect(
      (await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieA })).json().total,
    ).toBe(thread.total);
    const last = thread.rows.filter((r: Row) => r.messageId && r.type !== "reply").at(-1);
    const del = await t.request({
      method: "DELETE",
      url: `/api/inbox/messages/${last.messageId}`,
      cookie: cookieA,
    });
    expect(del.json().message).toBe(INBOX_TEXT.messageDeleted);
    const after = (
      await t.get(`/api/inbox/conversations/${id}/messages`, { cookie: cookieA })
    ).json();
    expect(after.total).toBe(thread.total - 1);
  });

  it("blocking takes the conversation out of every tab", async () => {
    const id = await idOf("+13105550101");
    const res = await t.post(`/api/inbox/conversations/${id}/block`, {}, { cookie: cookieA });
    expect(res.statusCode).toBe(200);
    for (const status of ["all", "archived"]) {
      expect((await list(cookieA, `status=${status}`)).rows.map((r) => r.id)).not.toContain(id);
    }
  });

  it("finds a conversation by phone number", async () => {
    const res = await t.get("/api/inbox/conversations/find?number=3105550103", { cookie: cookieA });
    expect(res.statusCode).toBe(200);
    expect(res.json().number).toBe("+13105550103");
    const missing = await t.get("/api/inbox/conversations/find?number=3105559999", {
      cookie: cookieA,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("shows an agent only the conversations of subscribers in their groups", async () => {
    await reply("+13105550177", A1, "Is the patio open?");
    await reply("+13105550178", A1, "Do you deliver?");
    const seen = await idOf("+13105550177");
    const unseen = await idOf("+13105550178");
    const [group] = await t.db
      .insert(groups)
      .values({ accountId: a.account.id, name: "Agent's group" })
      .returning();
    await t.db.insert(groupMembers).values({ groupId: group!.id, subscriberId: seen });
    const agent0 = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
    await t.db.insert(userGroups).values({ userId: agent0.id, groupId: group!.id });
    const cookie = await loginAs(t.app, agent0.username, agent0.password);
    const { rows } = await list(cookie);
    expect(rows.map((r) => r.id)).toEqual([seen]);
    expect((await t.get(`/api/inbox/conversations/${unseen}`, { cookie })).statusCode).toBe(404);
    expect(
      (await t.get(`/api/inbox/conversations/${unseen}/messages`, { cookie })).statusCode,
    ).toBe(404);
    expect((await t.get(`/api/inbox/conversations/${seen}/messages`, { cookie })).statusCode).toBe(
      200,
    );
  });
});
