import { describe, expect, it } from "vitest";
import type { MessageSource } from "../../../domain/credit-rule";
import { TestClock } from "../../clock";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { queueMessage } from "./outbound.service";

// Tuesday 24 November 2026, 01:04 in Texas (07:04 UTC): no marketing text may reach Austin now.
const clock = new TestClock("2026-11-24T07:04:00Z");
const t = await createTestServer({ clock, env: { SEND_WINDOWS: "law" } });
const db = t.db.$client;
const { account, user } = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, user.username, user.password);
const OURS = "+14155550166";
const numberId = (
  await db.query<{ id: number }>(
    `insert into phone_numbers (account_id, number, carrier_sid, included) values ($1, $2, 'PNwait', true) returning id`,
    [account.id, OURS],
  )
).rows[0]!.id;
const person = async (phone: string) =>
  Number(
    (
      await db.query<{ id: string }>(
        `insert into subscribers (account_id, phone, marketing_consent_at) values ($1, $2, now()) returning id`,
        [account.id, phone],
      )
    ).rows[0]!.id,
  );

const queue = (to: string, subscriberId: number, source: MessageSource, body: string) =>
  queueMessage(t.ctx, {
    accountId: account.id,
    from: { id: numberId, number: OURS },
    to,
    body,
    source,
    subscriberId,
  });

const threadOf = async (subscriberId: number) =>
  (await t.get(`/api/inbox/conversations/${subscriberId}/messages`, { cookie })).json().rows as {
    message: string;
    waiting?: { code: string; until: string | null; text: string };
  }[];

describe("why a queued text waits", () => {
  it("names Texas legal hours and the time in the thread; an inbox reply goes now", async () => {
    // An Austin number (area code 512): Texas, Central time.
    const austin = await person("+15125550101");
    await queue("+15125550101", austin, "automation", "Our specials today");
    await queue("+15125550101", austin, "inbox", "Your table is ready");
    const rows = await threadOf(austin);
    const specials = rows.find((r) => r.message === "Our specials today");
    expect(specials?.waiting).toMatchObject({
      code: "legal_hours",
      until: "2026-11-24T15:00:00.000Z",
      text: "waiting for 9:00 AM CT (Texas legal hours)",
    });
    // The one-to-one reply is transactional: it is not held (nothing ahead of it either).
    expect(rows.find((r) => r.message === "Your table is ready")?.waiting).toBeUndefined();
  });

  it("a New York number waits for the federal 8 AM, in Eastern time", async () => {
    const ny = await person("+12125550102");
    await queue("+12125550102", ny, "automation", "Weekend brunch");
    const rows = await threadOf(ny);
    expect(rows.find((r) => r.message === "Weekend brunch")?.waiting?.text).toBe(
      "waiting for 8:00 AM ET (federal legal hours)",
    );
  });
});

describe("a message read through /api/v1", () => {
  const makeKey = async (c: string, scopes: string[]) => {
    const res = await t.post(
      "/api/api-keys",
      { name: `Key ${scopes.join(" ")}`, scopes },
      { cookie: c },
    );
    expect(res.statusCode).toBe(201);
    return (res.json() as { key: string }).key;
  };
  const call = (key: string, method: "GET" | "POST", url: string, body?: unknown) =>
    t.request({ method, url, body, csrf: false, headers: { authorization: `Bearer ${key}` } });

  it("carries why it waits and when it goes, for the account's own messages only", async () => {
    const key = await makeKey(cookie, ["messages:write"]);
    const austin = await person("+15125550103");
    const queued = await queue("+15125550103", austin, "automation", "Happy hour at five");
    const res = await call(key, "GET", `/api/v1/messages/${queued.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      messageId: queued.id,
      subscriberId: austin,
      message: "Happy hour at five",
      waiting: {
        code: "legal_hours",
        until: "2026-11-24T15:00:00.000Z",
        text: "waiting for 9:00 AM CT (Texas legal hours)",
      },
    });

    // A one-to-one text sent through the API says at once that it waits behind the two replies
    // already queued on its number.
    await db.query(
      `update messages set pending_dispatch = false where account_id = $1 and source = 'inbox'`,
      [account.id],
    );
    await queue("+15125550103", austin, "inbox", "First reply");
    await queue("+15125550103", austin, "inbox", "Second reply");
    const sent = await call(key, "POST", "/api/v1/messages", {
      subscriberId: austin,
      body: "Third reply",
      phoneNumberId: numberId,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().waiting).toMatchObject({
      code: "pacing",
      text: "waiting behind 2 texts on its number",
    });
    const read = await call(key, "GET", `/api/v1/messages/${sent.json().messageId}`);
    expect(read.json().waiting?.code).toBe("pacing");

    // Once it has gone, there is nothing to wait for.
    await db.query(
      `update messages set pending_dispatch = false, status = 'Delivered' where id = $1`,
      [queued.id],
    );
    const gone = await call(key, "GET", `/api/v1/messages/${queued.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().waiting).toBeUndefined();

    // Another account's key finds nothing, as a path id that is no id (the API's rule).
    const other = await buildAccountWithUser(t.db);
    const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
    const otherKey = await makeKey(otherCookie, ["messages:write"]);
    expect((await call(otherKey, "GET", `/api/v1/messages/${queued.id}`)).statusCode).toBe(404);
    expect((await call(key, "GET", "/api/v1/messages/abc")).statusCode).toBe(404);
  });
});
