import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { consentEvents } from "../compliance/compliance.schema";
import { groupMembers, groups } from "../groups/groups.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

// Keywords (issue 14): the editor's API and texting a keyword through the real inbound path.
const t = await createTestServer();

const OURS = "+14155550177";
const THEIRS = "+14155550178";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
const [ourNumber] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: OURS, carrierSid: "PNkw1", included: true })
  .returning();
const [theirNumber] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: other.account.id, number: THEIRS, carrierSid: "PNkw2", included: true })
  .returning();
const [vip] = await t.db
  .insert(groups)
  .values({ accountId: account.id, name: "Coffee club" })
  .returning();

function text(from: string, body: string, to = OURS) {
  return receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from,
    to,
    body,
    mediaUrls: [],
    segments: 1,
  });
}

async function answersTo(phone: string) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.toNumber, phone), eq(messages.direction, "outbound")))
    .orderBy(messages.id);
}

async function subscriberOf(phone: string, accountId = account.id) {
  const [row] = await t.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.accountId, accountId), eq(subscribers.phone, phone)));
  return row;
}

const base = {
  phoneNumberId: null,
  reply: "Welcome to the coffee club! Expect 4 msgs/month.",
  groupIds: [] as number[],
};

async function create(body: Record<string, unknown>, c = cookie) {
  return t.post("/api/keywords", { ...base, ...body }, { cookie: c });
}

describe("keywords", () => {
  let coffee = 0;
  it("refuses compliance words with a clear message, and duplicates in any case", async () => {
    for (const word of ["STOP", "help", " Start ", "unsubscribe", "JOIN"]) {
      const res = await create({ keyword: word });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/reserved for opt-out, opt-in and help/);
    }
    const ok = await create({ keyword: "Coffee", groupIds: [vip!.id] });
    expect(ok.statusCode).toBe(201);
    coffee = ok.json().id;
    expect(ok.json().fullReply).toBe(
      "Bean There: Welcome to the coffee club! Expect 4 msgs/month. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    );
    const dup = await create({ keyword: " coffee ", phoneNumberId: ourNumber!.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("The keyword COFFEE is already used on this number");
    expect((await create({ keyword: "two words" })).statusCode).toBe(400);
  });

  it("keeps each account to its own keywords, numbers and groups", async () => {
    expect((await t.get(`/api/keywords/${coffee}`, { cookie: otherCookie })).statusCode).toBe(404);
    const list = await t.get("/api/keywords", { cookie: otherCookie });
    expect(list.json().keywords).toEqual([]);
    // The same word is free in another account; another account's number or group is a 404.
    expect((await create({ keyword: "coffee" }, otherCookie)).statusCode).toBe(201);
    expect((await create({ keyword: "tea", phoneNumberId: theirNumber!.id })).statusCode).toBe(404);
    // A number the account gave back answers nothing, so a keyword cannot name it.
    const [released] = await t.db
      .insert(phoneNumbers)
      .values({
        accountId: account.id,
        number: "+14155550179",
        carrierSid: "PNkw3",
        state: "released",
      })
      .returning();
    const onReleased = await create({ keyword: "tea", phoneNumberId: released!.id });
    expect(onReleased.statusCode).toBe(404);
    expect(onReleased.json().error.message).toBe("That number does not exist.");
    expect((await create({ keyword: "tea", groupIds: [vip!.id] }, otherCookie)).statusCode).toBe(
      404,
    );
    const del = await t.request({
      method: "DELETE",
      url: `/api/keywords/${coffee}`,
      cookie: otherCookie,
    });
    expect(del.statusCode).toBe(404);
  });

  it("subscribes a texter with consent evidence, adds the groups and answers", async () => {
    const phone = "+13105550301";
    expect(await text(phone, "  cOFFee ")).toBe("recorded");
    const sub = await subscriberOf(phone);
    expect(sub?.marketingConsentAt).not.toBeNull();
    expect(sub?.signupMethod).toBe("KEYWORD");
    expect(sub?.consentSource).toBe("keyword");
    const [member] = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, vip!.id), eq(groupMembers.subscriberId, sub!.id)));
    expect(member).toBeDefined();
    const [answer] = await answersTo(phone);
    expect(answer?.source).toBe("keyword_reply");
    expect(answer?.body).toMatch(/^Bean There: Welcome to the coffee club!.*STOP to opt out\.$/);
    const evidence = await t.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.phone, phone), eq(consentEvents.action, "consent")));
    expect(evidence).toHaveLength(1);
    expect(evidence[0]!.detail).toContain("COFFEE");
    expect(evidence[0]!.detail).toContain(OURS);
    expect(evidence[0]!.messageId).not.toBeNull();
    expect(evidence[0]!.phoneNumberId).toBe(ourNumber!.id);
    const events = await t.db.$client.query(
      "select type, data from account_events where account_id = $1 and subscriber_id = $2 order by id",
      [account.id, sub!.id],
    );
    expect(events.rows.map((e) => e.type)).toContain("keyword.joined");
    expect(events.rows.find((e) => e.type === "keyword.joined")?.data).toMatchObject({
      keyword: "COFFEE",
      keywordId: coffee,
    });
    // The other account's COFFEE is not this account's: nothing happened there.
    expect(await subscriberOf(phone, other.account.id)).toBeUndefined();
  });

  it("reads JOIN <keyword>, ignores sentences, and answers the already subscribed differently", async () => {
    const phone = "+13105550302";
    await text(phone, "I love coffee");
    expect((await subscriberOf(phone))?.marketingConsentAt).toBeNull();
    await text(phone, "join coffee");
    expect((await subscriberOf(phone))?.marketingConsentAt).not.toBeNull();
    await t.put(
      `/api/keywords/${coffee}`,
      { ...base, keyword: "Coffee", alreadySubscribedReply: "You're already in the club." },
      { cookie },
    );
    await text(phone, "COFFEE");
    const answers = await answersTo(phone);
    expect(answers).toHaveLength(2);
    expect(answers[1]!.body).toMatch(/^Bean There: You're already in the club\./);
  });

  it("does nothing while paused or expired, and leaves STOP to compliance", async () => {
    const phone = "+13105550303";
    await t.put(`/api/keywords/${coffee}/status`, { status: "paused" }, { cookie });
    await text(phone, "coffee");
    expect((await subscriberOf(phone))?.marketingConsentAt).toBeNull();
    await t.put(`/api/keywords/${coffee}/status`, { status: "active" }, { cookie });
    const past = await create({ keyword: "old", expiresAt: "2020-01-01T00:00:00Z" });
    expect(past.json().expired).toBe(true);
    await text(phone, "old");
    expect((await subscriberOf(phone))?.marketingConsentAt).toBeNull();
    await text("+13105550301", "STOP");
    const stats = await t.get(`/api/keywords/${coffee}/stats`, { cookie });
    expect(stats.json().totalJoins).toBe(2);
    expect(stats.json().totalOptOuts).toBe(1);
    expect(stats.json().days).toHaveLength(30);
  });

  it("asks for Y on a double opt-in, then the first name", async () => {
    const res = await create({ keyword: "vip", doubleOptIn: true, askName: true });
    expect(res.statusCode).toBe(201);
    const phone = "+13105550304";
    await text(phone, "VIP");
    expect((await subscriberOf(phone))?.marketingConsentAt).toBeNull();
    expect((await answersTo(phone))[0]!.body).toContain("Reply Y to confirm");
    await text(phone, "y");
    expect((await subscriberOf(phone))?.marketingConsentAt).not.toBeNull();
    await text(phone, "Maria");
    expect((await subscriberOf(phone))?.firstName).toBe("Maria");
    const bodies = (await answersTo(phone)).map((m) => m.body);
    expect(bodies[2]).toMatch(/first name/);
    expect(bodies[3]).toBe("Thanks! You're all set.");
  });

  it("holds the plan's keyword limit and sells more", async () => {
    const list = await t.get("/api/keywords", { cookie });
    expect(list.json().used).toBe(3);
    await create({ keyword: "four" });
    await create({ keyword: "five" });
    const over = await create({ keyword: "six" });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(/Your plan includes 5 keywords/);
    const bought = await t.post("/api/keywords/purchase", {}, { cookie });
    expect(bought.json().limit).toBe(10);
    expect((await create({ keyword: "six" })).statusCode).toBe(201);
  });

  it("asks for the e-mail address when told to and keeps it; a keyword on one number answers there only", async () => {
    const SECOND = "+14155550179";
    const [second] = await t.db
      .insert(phoneNumbers)
      .values({ accountId: account.id, number: SECOND, carrierSid: "PNkw3", included: true })
      .returning();
    const res = await create({ keyword: "news", askEmail: true, phoneNumberId: second!.id });
    expect(res.statusCode, res.body).toBe(201);

    // Texted to the account's other number, the keyword is not there: nothing joins.
    const elsewhere = "+13105550305";
    await text(elsewhere, "NEWS");
    expect((await subscriberOf(elsewhere))?.marketingConsentAt ?? null).toBeNull();
    expect(await answersTo(elsewhere)).toEqual([]);

    const phone = "+13105550306";
    await text(phone, "news", SECOND);
    expect((await subscriberOf(phone))?.marketingConsentAt).not.toBeNull();
    await text(phone, "ana@example.com", SECOND);
    expect((await subscriberOf(phone))?.email).toBe("ana@example.com");
    const answers = await answersTo(phone);
    expect(answers.map((m) => m.fromNumber)).toEqual([SECOND, SECOND, SECOND]);
    expect(answers[1]!.body).toMatch(/e-mail address/);
    expect(answers[2]!.body).toBe("Thanks! You're all set.");
  });
});
