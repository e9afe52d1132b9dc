import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { phoneNumbers } from "../../features/numbers/numbers.schema";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startWebhookCapture } from "../../test/webhook-capture";
import { twilioSettings } from "../credentials";
import { isValidTwilioSignature } from "../twilio-signature";

const t = await createTestServer({
  listen: true,
  env: { EMULATOR_LATENCY_MS: "10", EMULATOR_MPS_LONG_CODE: "1000" },
});
const hooks = await startWebhookCapture();

const A_NUMBER = "+14155550110";
const A_OLD_NUMBER = "+14155550111";
const B_NUMBER = "+12125550110";
const CUSTOMER = "+13125559876";

let cookieA: string;
let cookieB: string;
let accountA: number;

/** Buys the number at the carrier and records it for the account, as the numbers feature does. */
async function giveNumber(accountId: number, number: string) {
  const owned = await t.ctx.carrier.buyNumber(number, {
    smsUrl: hooks.url(`/sms/${accountId}`),
    statusCallback: "",
    friendlyName: "",
  });
  await t.db.insert(phoneNumbers).values({ accountId, number, carrierSid: owned.sid });
}

function textFrom(from: string, to: string, body: string) {
  return t.ctx.carrier.send({ from, to, body, statusCallback: "", idempotencyKey: randomUUID() });
}

beforeAll(async () => {
  const a = await buildAccountWithUser(t.db);
  const b = await buildAccountWithUser(t.db);
  accountA = a.account.id;
  cookieA = await loginAs(t.app, a.user.username, a.user.password);
  cookieB = await loginAs(t.app, b.user.username, b.user.password);
  await giveNumber(a.account.id, A_NUMBER);
  await giveNumber(a.account.id, A_OLD_NUMBER);
  await giveNumber(b.account.id, B_NUMBER);

  await textFrom(A_NUMBER, CUSTOMER, "Welcome to the club");
  await textFrom(A_NUMBER, CUSTOMER, "🎉 Your first coffee is on us");
  await textFrom(A_OLD_NUMBER, "+13125550150", "From a number about to be released");
  await textFrom(B_NUMBER, "+16175550150", "Another business's customer");
});

const thread = (phone: string, cookie: string) =>
  t.get(`/api/virtual-phones/${encodeURIComponent(phone)}/messages`, { cookie });

describe("virtual phones", () => {
  it("lists the outside numbers this account's numbers texted, and only those", async () => {
    const res = await t.get("/api/virtual-phones", { cookie: cookieA });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows;
    expect(rows.map((r: { phone: string }) => r.phone).sort()).toEqual(["+13125550150", CUSTOMER]);
    expect(rows.find((r: { phone: string }) => r.phone === CUSTOMER)).toEqual({
      phone: CUSTOMER,
      lastMessageAt: expect.any(String),
      lastBody: "🎉 Your first coffee is on us",
      messageCount: 2,
    });

    const other = (await t.get("/api/virtual-phones", { cookie: cookieB })).json().rows;
    expect(other.map((r: { phone: string }) => r.phone)).toEqual(["+16175550150"]);
  });

  it("shows a phone's thread oldest first, as the phone saw it", async () => {
    const res = await thread(CUSTOMER, cookieA);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([
      expect.objectContaining({
        direction: "received",
        from: A_NUMBER,
        to: CUSTOMER,
        body: "Welcome to the club",
        mediaUrls: [],
        segments: 1,
        sid: expect.stringMatching(/^SM/),
        status: expect.any(String),
        createdAt: expect.any(String),
      }),
      expect.objectContaining({ body: "🎉 Your first coffee is on us" }),
    ]);
  });

  it("shows another account nothing of it", async () => {
    expect((await thread(CUSTOMER, cookieB)).json().rows).toEqual([]);
    const res = await t.post(
      `/api/virtual-phones/${encodeURIComponent(CUSTOMER)}/messages`,
      { to: A_NUMBER, body: "hi" },
      { cookie: cookieB },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("That number is not one of this account's numbers.");
  });

  it("texts back through the signed inbound webhook and shows it in the thread", async () => {
    const res = await t.post(
      `/api/virtual-phones/${encodeURIComponent(CUSTOMER)}/messages`,
      { to: A_NUMBER, body: "  Thanks!  " },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(201);
    const { sid } = res.json();
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);

    // The webhook was posted before the answer came back.
    const hook = hooks.received.find((h) => h.params.MessageSid === sid);
    expect(hook).toBeDefined();
    expect(hook!.url).toBe(hooks.url(`/sms/${accountA}`));
    expect(hook!.params).toMatchObject({ From: CUSTOMER, To: A_NUMBER, Body: "Thanks!" });
    const { authToken } = twilioSettings(t.ctx);
    expect(isValidTwilioSignature(authToken, hook!.url, hook!.params, hook!.signature)).toBe(true);

    const rows = (await thread(CUSTOMER, cookieA)).json().rows;
    expect(rows.at(-1)).toMatchObject({
      sid,
      direction: "sent",
      from: CUSTOMER,
      to: A_NUMBER,
      body: "Thanks!",
      status: "received",
    });
  });

  it("texts from a brand-new phone given in any US format", async () => {
    const res = await t.post(
      "/api/virtual-phones/messages",
      { from: "(646) 555-0177", to: A_NUMBER, body: "JOIN" },
      { cookie: cookieA },
    );
    expect(res.statusCode).toBe(201);
    const phones = (await t.get("/api/virtual-phones", { cookie: cookieA })).json().rows;
    expect(phones[0]).toMatchObject({ phone: "+16465550177", lastBody: "JOIN", messageCount: 1 });
  });

  it("refuses a sender that is not a phone number, and a number of no account", async () => {
    const bad = await t.post(
      "/api/virtual-phones/messages",
      { from: "12", to: A_NUMBER, body: "JOIN" },
      { cookie: cookieA },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid phone number");

    const badParam = await thread("not-a-phone", cookieA);
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().error.message).toBe("Invalid phone number");

    const notOurs = await t.post(
      "/api/virtual-phones/messages",
      { from: "+16465550177", to: B_NUMBER, body: "JOIN" },
      { cookie: cookieA },
    );
    expect(notOurs.statusCode).toBe(404);
  });

  it("forgets the conversations of a released number", async () => {
    await t.db
      .update(phoneNumbers)
      .set({ state: "released" })
      .where(eq(phoneNumbers.number, A_OLD_NUMBER));
    const phones = (await t.get("/api/virtual-phones", { cookie: cookieA })).json().rows;
    expect(phones.map((r: { phone: string }) => r.phone)).not.toContain("+13125550150");
    expect((await thread("+13125550150", cookieA)).json().rows).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await t.get("/api/virtual-phones")).statusCode).toBe(401);
  });
});
