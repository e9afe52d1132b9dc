import { randomBytes } from "node:crypto";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { CREDIT_RULE, creditsOfText, type MessageSource } from "../../../domain/credit-rule";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { textCode } from "../auth/sms-code";
import { phoneNumbers } from "../numbers/numbers.schema";
import { queueMessage } from "../outbound/outbound.service";

/**
 * The one credit rule (src/domain/credit-rule.ts), as every sender meets it through the outbound
 * path: each source charges what the table says (abroad, international credits as well), the
 * legally required answers and sign-in codes are free, and the texts people set off themselves
 * (a keyword, a sign-up) are charged like any other.
 */
const t = await createTestServer();
const db = t.db.$client;

const OURS = "+14155550191";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There", accountName: "beanrule" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const [number] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: OURS, carrierSid: "PNcr1", included: true })
  .returning();
const from = { id: number!.id, number: OURS };

let phones = 0;
const aPhone = () => `+1310555${String(1000 + phones++).padStart(4, "0")}`;

async function balances() {
  const c = (await t.get("/api/credits", { cookie })).json();
  return { standard: c.balance as number, international: c.internationalBalance as number };
}

async function setBalances(standard: number, international = 0) {
  await t.get("/api/credits", { cookie });
  await db.query(
    "update account_credits set balance = $2, international_balance = $3 where account_id = $1",
    [account.id, standard, international],
  );
}

async function outbound(to: string) {
  const res = await db.query<{ source: string; credits: number; body: string }>(
    `select source, credits, body from messages
      where account_id = $1 and to_number = $2 and direction = 'outbound' order by id`,
    [account.id, to],
  );
  return res.rows;
}

function text(fromPhone: string, body: string) {
  return receiveInbound(t.ctx, {
    sid: `SM${randomBytes(16).toString("hex")}`,
    from: fromPhone,
    to: OURS,
    body,
    mediaUrls: [],
    segments: 1,
  });
}

// A text long enough for two segments: a source charged by its length shows it.
const TWO_SEGMENTS = `${"Fresh beans every Friday at Bean There. ".repeat(5)}See you soon!`;

describe("the credit rule", () => {
  it("charges every source through the outbound path what the table says", async () => {
    await setBalances(1000);
    for (const source of Object.keys(CREDIT_RULE) as MessageSource[]) {
      for (const mms of [false, true]) {
        const before = await balances();
        const to = aPhone();
        const queued = await queueMessage(t.ctx, {
          accountId: account.id,
          from,
          to,
          body: TWO_SEGMENTS,
          mediaUrls: mms ? ["https://example.com/beans.jpg"] : undefined,
          source,
        });
        const cost = creditsOfText({ source, body: TWO_SEGMENTS, isMms: mms });
        const after = await balances();
        expect({ source, mms, spent: before.standard - after.standard }).toEqual({
          source,
          mms,
          spent: cost,
        });
        // The row carries what was charged, so a failed delivery gives back exactly that.
        const row = await db.query<{ credits: number }>(
          "select credits from messages where id = $1",
          [queued.id],
        );
        expect(row.rows[0]!.credits).toBe(cost);
      }
    }
    // The table's own figures: two segments, an MMS 3, a chatbot reply 3, the free ones 0.
    expect(creditsOfText({ source: "keyword_reply", body: TWO_SEGMENTS, isMms: false })).toBe(2);
    expect(creditsOfText({ source: "chatbot", body: TWO_SEGMENTS, isMms: false })).toBe(3);
    expect(creditsOfText({ source: "compliance", body: TWO_SEGMENTS, isMms: true })).toBe(0);
  });

  it("spends international credits as well for a text abroad, and refuses it without them", async () => {
    await setBalances(100, 5);
    const abroad = "+447700900123";
    await queueMessage(t.ctx, {
      accountId: account.id,
      from,
      to: abroad,
      body: TWO_SEGMENTS,
      source: "auto_reply",
    });
    expect(await balances()).toEqual({ standard: 98, international: 3 });
    // A free text abroad stays free.
    await queueMessage(t.ctx, {
      accountId: account.id,
      from,
      to: abroad,
      body: "Reply STOP to opt out.",
      source: "compliance",
      complianceReply: true,
    });
    expect(await balances()).toEqual({ standard: 98, international: 3 });
    await setBalances(100, 1);
    await expect(
      queueMessage(t.ctx, {
        accountId: account.id,
        from,
        to: abroad,
        body: TWO_SEGMENTS,
        source: "phone_alert",
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_INTERNATIONAL_CREDITS" });
    // Nothing charged, nothing queued.
    expect(await balances()).toEqual({ standard: 100, international: 1 });
    expect((await outbound(abroad)).map((m) => m.source)).toEqual(["auto_reply", "compliance"]);
  });

  it("charges a keyword reply; answers STOP and HELP for free, even with no credits left", async () => {
    const created = await t.post(
      "/api/keywords",
      {
        keyword: "beans",
        phoneNumberId: null,
        reply: TWO_SEGMENTS,
        groupIds: [],
      },
      { cookie },
    );
    expect(created.statusCode).toBe(201);
    await setBalances(50);
    const person = aPhone();
    expect(await text(person, "BEANS")).toBe("recorded");
    const [reply] = await outbound(person);
    expect(reply).toMatchObject({ source: "keyword_reply", credits: 2 });
    expect((await balances()).standard).toBe(48);

    await setBalances(0);
    expect(await text(person, "HELP")).toBe("recorded");
    expect(await text(person, "STOP")).toBe("recorded");
    const answers = (await outbound(person)).slice(1);
    expect(answers.map((m) => [m.source, m.credits])).toEqual([
      ["compliance", 0],
      ["compliance", 0],
    ]);
    expect((await balances()).standard).toBe(0);

    // Out of credits, a keyword still subscribes the person, but no reply goes out.
    const late = aPhone();
    expect(await text(late, "BEANS")).toBe("recorded");
    expect(await outbound(late)).toEqual([]);
    const joined = await db.query(
      "select 1 from subscribers where account_id = $1 and phone = $2 and marketing_consent_at is not null",
      [account.id, late],
    );
    expect(joined.rowCount).toBe(1);
  });

  it("charges the sign-up page's confirmation text; a sign-in code is free", async () => {
    await setBalances(40);
    const current = (await t.get("/api/signup-page", { cookie })).json();
    expect(
      (
        await t.put(
          "/api/signup-page",
          { config: { ...current.config, doubleOptIn: false }, live: true },
          { cookie },
        )
      ).statusCode,
    ).toBe(200);
    const challenge = (await t.get("/api/subscribe/beanrule/challenge")).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const person = aPhone();
    const res = await t.post(
      "/api/subscribe/beanrule",
      {
        firstName: "Ana",
        lastName: "Diaz",
        number: person.slice(2),
        recaptchaToken: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
      },
      { headers: { "user-agent": "Vitest" }, remoteAddress: "10.7.1.2" },
    );
    expect(res.statusCode).toBe(200);
    const [confirmation] = await outbound(person);
    expect(confirmation?.source).toBe("optin_reply");
    const cost = creditsOfText({ source: "optin_reply", body: confirmation!.body, isMms: false });
    expect(cost).toBeGreaterThan(0);
    expect(confirmation?.credits).toBe(cost);
    expect((await balances()).standard).toBe(40 - cost);

    const phone = aPhone();
    await textCode(t.ctx, { accountId: account.id, phone }, "123456");
    expect((await outbound(phone)).map((m) => [m.source, m.credits])).toEqual([["two_factor", 0]]);
    expect((await balances()).standard).toBe(40 - cost);
  });
});
