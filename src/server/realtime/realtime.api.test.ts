import { io as connect, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { REALTIME_PATH } from "../../domain/realtime-events";
import { createAppContext } from "../app-context";
import { createDb } from "../db/connection";
import { groupMembers, groups } from "../features/groups/groups.schema";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { subscribers } from "../features/subscribers/subscribers.schema";
import { userGroups, userPhoneNumbers } from "../features/users/users.schema";
import { buildAccountWithUser, buildUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { closeRealtime, publish } from "./realtime";

const t = await createTestServer({ listen: true });

const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

async function tokenFor(username: string, password: string): Promise<string> {
  const cookie = await loginAs(t.app, username, password);
  const res = await t.get("/api/realtime/token", { cookie });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json().token as string;
}

function open(token: unknown): Promise<Socket> {
  const socket = connect(t.baseUrl, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => reject(err));
  });
}

function collect(socket: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  socket.on(event, (payload) => got.push(payload));
  return got;
}

const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);

describe("realtime", () => {
  it("refuses the token route without a session", async () => {
    const res = await t.get("/api/realtime/token");
    expect(res.statusCode).toBe(401);
  });

  it("refuses a socket without a valid token", async () => {
    await expect(open(undefined)).rejects.toThrow(/unauthorized/);
    await expect(open("abc.def")).rejects.toThrow(/unauthorized/);
    const token = await tokenFor(a.user.username, a.user.password);
    const [body, sig] = token.split(".");
    // Claims rewritten to another account: the signature no longer matches.
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body!, "base64url").toString()),
        a: b.account.id,
      }),
    ).toString("base64url");
    await expect(open(`${forged}.${sig}`)).rejects.toThrow(/unauthorized/);
  });

  it("delivers an event to the sockets of its account only", async () => {
    const sa = await open(await tokenFor(a.user.username, a.user.password));
    const sb = await open(await tokenFor(b.user.username, b.user.password));
    const gotA = collect(sa, "reply");
    const gotB = collect(sb, "reply");
    const payload = {
      numberId: 7,
      replyId: 9,
      body: "hi",
      attachment: null,
      number: "+15550001111",
    };
    publish(t.ctx, a.account.id, "reply", payload);
    await settle();
    expect(gotA).toEqual([payload]);
    expect(gotB).toEqual([]);
  });

  it("reaches sockets of another process through the postgres adapter", async () => {
    // A second process on the same database (a worker): its publish goes through LISTEN/NOTIFY.
    const { db, pool } = createDb(t.databaseUrl, 2);
    const worker = await createAppContext(t.config, db);
    try {
      const sa = await open(await tokenFor(a.user.username, a.user.password));
      const sb = await open(await tokenFor(b.user.username, b.user.password));
      const gotA = collect(sa, "message-status");
      const gotB = collect(sb, "message-status");
      // The worker's adapter needs its LISTEN connection before the first broadcast counts.
      publish(worker, a.account.id, "message-status", { messageId: 1, status: "Queued" });
      await settle(1500);
      publish(worker, a.account.id, "message-status", { messageId: 1, status: "Delivered" });
      await settle(1000);
      expect(gotA).toContainEqual({ messageId: 1, status: "Delivered" });
      expect(gotB).toEqual([]);
    } finally {
      await closeRealtime(worker);
      await pool.end();
    }
  });

  it("tells a restricted user only about the numbers they may use", async () => {
    const [n1] = await t.db
      .insert(phoneNumbers)
      .values({ accountId: a.account.id, number: "+15557770001", carrierSid: "PN1" })
      .returning();
    const [n2] = await t.db
      .insert(phoneNumbers)
      .values({ accountId: a.account.id, number: "+15557770002", carrierSid: "PN2" })
      .returning();
    const restricted = await buildUser(t.db, { accountId: a.account.id, restricted: true });
    await t.db.insert(userPhoneNumbers).values({ userId: restricted.id, phoneNumberId: n1!.id });
    const owner = await open(await tokenFor(a.user.username, a.user.password));
    const limited = await open(await tokenFor(restricted.username, restricted.password));
    const gotOwner = collect(owner, "reply");
    const gotLimited = collect(limited, "reply");
    const base = { replyId: 1, body: "x", attachment: null, number: "+15550002222" };
    publish(t.ctx, a.account.id, "reply", { ...base, numberId: 1 }, { phoneNumberId: n1!.id });
    publish(t.ctx, a.account.id, "reply", { ...base, numberId: 2 }, { phoneNumberId: n2!.id });
    await settle();
    expect(gotOwner.map((p) => (p as { numberId: number }).numberId).sort()).toEqual([1, 2]);
    expect(gotLimited.map((p) => (p as { numberId: number }).numberId)).toEqual([1]);
  });
  it("tells an Agent of replies from the subscribers of their groups only", async () => {
    const [group] = await t.db
      .insert(groups)
      .values({ accountId: a.account.id, name: "Front desk" })
      .returning();
    const [theirs, other] = await t.db
      .insert(subscribers)
      .values([
        { accountId: a.account.id, phone: "+15557770101" },
        { accountId: a.account.id, phone: "+15557770102" },
      ])
      .returning();
    await t.db.insert(groupMembers).values({ groupId: group!.id, subscriberId: theirs!.id });
    const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
    await t.db.insert(userGroups).values({ userId: agent.id, groupId: group!.id });
    const owner = await open(await tokenFor(a.user.username, a.user.password));
    const agentSocket = await open(await tokenFor(agent.username, agent.password));
    const gotOwner = collect(owner, "reply");
    const gotAgent = collect(agentSocket, "reply");
    const base = { replyId: 1, body: "x", attachment: null, number: "+15550002222" };
    for (const sub of [theirs!, other!])
      publish(
        t.ctx,
        a.account.id,
        "reply",
        { ...base, numberId: sub.id },
        { subscriberId: sub.id },
      );
    await settle();
    const ids = (got: unknown[]) => got.map((p) => (p as { numberId: number }).numberId).sort();
    expect(ids(gotOwner)).toEqual([theirs!.id, other!.id].sort());
    expect(ids(gotAgent)).toEqual([theirs!.id]);
  });
});
