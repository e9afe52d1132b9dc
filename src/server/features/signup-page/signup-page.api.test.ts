import { randomBytes } from "node:crypto";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { consentEvents } from "../compliance/compliance.schema";
import { groups } from "../groups/groups.schema";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

// The public sign-up page (issue 14; spec doc 3 §5, §7, §8).
const t = await createTestServer();
const OURS = "+14155550181";
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There", accountName: "beanthere" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: OURS, carrierSid: "PNsu1", included: true });
const [club] = await t.db
  .insert(groups)
  .values({ accountId: account.id, name: "Coffee club" })
  .returning();
const [theirs] = await t.db
  .insert(groups)
  .values({ accountId: other.account.id, name: "Not yours" })
  .returning();

async function proof(): Promise<string> {
  const res = await t.get("/api/subscribe/beanthere/challenge");
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function save(config: Record<string, unknown>, live = true, c = cookie) {
  const current = (await t.get("/api/signup-page", { cookie: c })).json();
  return t.put(
    "/api/signup-page",
    { config: { ...current.config, ...config }, live },
    { cookie: c },
  );
}

function signup(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.post("/api/subscribe/BeanThere", body, {
    headers: { "user-agent": "Vitest Browser/1.0", ...headers },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

describe("the sign-up page", () => {
  it("is edited by the account and shows only its own groups", async () => {
    const res = await save({
      companyName: "Bean There Café",
      groupStatus: 1,
      groupIds: [club!.id, theirs!.id],
      nameStatus: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().config.groupIds).toEqual([club!.id]);
    expect(res.json().formVersion).toBe(1);
    const page = await t.get("/api/subscribe/beanthere");
    expect(page.statusCode).toBe(200);
    expect(page.json().groups).toEqual([{ id: club!.id, name: "Coffee club" }]);
    expect(page.json().config.companyName).toBe("Bean There Café");
    expect((await t.get("/api/subscribe/nobody-here")).statusCode).toBe(404);
    // Another account edits its own page, not this one.
    await save({ companyName: "Other" }, true, otherCookie);
    expect((await t.get("/api/subscribe/beanthere")).json().config.companyName).toBe(
      "Bean There Café",
    );
  });

  it("refuses a sign-up without the bot proof, and answers the spec's texts in EN and ES", async () => {
    const noProof = await signup({ firstName: "A", lastName: "B", number: "3105550401" });
    expect(noProof.statusCode).toBe(400);
    const bad = await signup({ number: "12", email: "nope", recaptchaToken: await proof() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      firstName: "First Name is required",
      number: "Invalid Phone Number",
      email: "Invalid Email",
    });
    const es = await signup({ number: "12", lang: "es", recaptchaToken: await proof() });
    expect(es.json().error.fields).toMatchObject({
      firstName: "Nombre es obligatorio",
      number: "Número de teléfono no válido",
    });
  });

  it("subscribes with method Sign Up Form, the groups and the consent evidence", async () => {
    const res = await signup({
      firstName: "Ana",
      lastName: "Diaz",
      number: "(310) 555-0402",
      email: "ana@example.com",
      groupIds: [club!.id, theirs!.id],
      recaptchaToken: await proof(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscribed).toBe(true);
    const [sub] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550402")));
    expect(sub?.signupMethod).toBe("SIGN_UP_FORM");
    expect(sub?.marketingConsentAt).not.toBeNull();
    expect(sub?.firstName).toBe("Ana");
    const [ev] = await t.db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.phone, "+13105550402"), eq(consentEvents.action, "consent")));
    const detail = JSON.parse(ev!.detail);
    expect(detail.userAgent).toBe("Vitest Browser/1.0");
    expect(detail.formVersion).toBe(1);
    expect(detail.ip).toMatch(/^10\.9\./);
    expect(detail.consentText).toContain("Msg & data rates may apply");
    const members = await t.db.$client.query(
      "select group_id from group_members where subscriber_id = $1",
      [sub!.id],
    );
    expect(members.rows.map((r) => r.group_id)).toEqual([club!.id]);
    const [welcome] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, "+13105550402"), eq(messages.direction, "outbound")));
    expect(welcome?.source).toBe("optin_reply");
  });

  it("keeps the page's own URL as evidence, and the evidence endpoint returns it", async () => {
    const res = await signup({
      firstName: "Kim",
      lastName: "Lee",
      number: "(310) 555-0471",
      recaptchaToken: await proof(),
      pageUrl: "https://coffee.example/join?utm_source=flyer#form",
    });
    expect(res.statusCode).toBe(200);
    const [sub] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550471")));
    const history = await t.get(`/api/subscribers/${sub!.id}/consent-history`, { cookie });
    expect(history.statusCode).toBe(200);
    const consent = history.json().rows.find((r: { action: string }) => r.action === "consent");
    // Kept without its fragment.
    expect(JSON.parse(consent.detail).url).toBe("https://coffee.example/join?utm_source=flyer");
  });

  it("ignores a bogus page URL and still signs the person up", async () => {
    for (const [i, pageUrl] of [
      "javascript:alert(1)",
      `https://coffee.example/${"x".repeat(2100)}`,
      42,
    ].entries()) {
      const number = `(310) 555-048${i}`;
      const res = await signup({
        firstName: "Kim",
        lastName: "Lee",
        number,
        recaptchaToken: await proof(),
        pageUrl,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [ev] = await t.db
        .select()
        .from(consentEvents)
        .where(
          and(eq(consentEvents.phone, `+1310555048${i}`), eq(consentEvents.action, "consent")),
        );
      expect(JSON.parse(ev!.detail).url).toBeNull();
    }
  });

  it("waits for Y with double opt-in", async () => {
    await save({ doubleOptIn: true });
    const res = await signup({
      firstName: "Luis",
      lastName: "Ruiz",
      number: "3105550403",
      lang: "es",
      recaptchaToken: await proof(),
    });
    expect(res.json().data.confirmationSent).toBe(true);
    // A Spanish sign-up is asked in Spanish, its disclosures too.
    const [question] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, "+13105550403"), eq(messages.direction, "outbound")));
    expect(question?.body).toMatch(
      /: Responda SI para confirmar su suscripción\. Pueden aplicarse tarifas de mensajes y datos\. Responda AYUDA para obtener ayuda, PARAR para darse de baja\.$/,
    );
    expect(question?.body).not.toMatch(/Reply|Msg & data/);
    const consentOf = async () =>
      (
        await t.db
          .select()
          .from(subscribers)
          .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550403")))
      )[0]?.marketingConsentAt;
    expect(await consentOf()).toBeNull();
    await receiveInbound(t.ctx, {
      sid: `SM${randomBytes(16).toString("hex")}`,
      from: "+13105550403",
      to: OURS,
      body: "Y",
      mediaUrls: [],
      segments: 1,
    });
    expect(await consentOf()).not.toBeNull();
    const answers = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, "+13105550403"), eq(messages.direction, "outbound")))
      .orderBy(messages.id);
    expect(answers.at(-1)?.body).toMatch(
      /: ¡Gracias, su suscripción está confirmada! Pueden aplicarse tarifas de mensajes y datos\. Responda AYUDA para obtener ayuda, PARAR para darse de baja\.$/,
    );
  });

  it("can hide the phone field (status 3): the number then comes from the page's link, still required", async () => {
    const saved = await save({ phoneStatus: 3, nameStatus: 1, doubleOptIn: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().config.phoneStatus).toBe(3);
    expect((await t.get("/api/subscribe/beanthere")).json().config.phoneStatus).toBe(3);
    // The page's link carried no number and the visitor gave none: still refused.
    const none = await signup({ email: "no.phone@example.com", recaptchaToken: await proof() });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toMatchObject({ number: "Invalid Phone Number" });
    // The number from the link (?phoneNumber=…), sent by the page as given: signed up.
    const fromLink = await signup({ number: "+13105550409", recaptchaToken: await proof() });
    expect(fromLink.statusCode, fromLink.body).toBe(200);
    expect(fromLink.json().data.subscribed).toBe(true);
    await save({ phoneStatus: 2 });
  });

  it("is closed when not live", async () => {
    await save({}, false);
    expect((await t.get("/api/subscribe/beanthere")).statusCode).toBe(404);
  });
});

// Dozens of sign-ups, each with its bot proof checked: more than the default time on a loaded machine.
describe("strangers cannot make the business text any number", { timeout: 90_000 }, () => {
  const IP = "10.8.0.1";
  const sub = (body: Record<string, unknown>, ip: string, path = "/api/subscribe/beanthere") =>
    t.post(path, { firstName: "Z", lastName: "Q", ...body }, { remoteAddress: ip });
  const rowsFor = async (phone: string) => ({
    subscribers: await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, phone))),
    texts: await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, phone), eq(messages.direction, "outbound"))),
  });

  it("a solved bot proof buys one sign-up, on the form it was issued for", async () => {
    await save({ doubleOptIn: false }, true);
    const once = await proof();
    expect((await sub({ number: "3105550601", recaptchaToken: once }, "10.8.1.1")).statusCode).toBe(
      200,
    );
    const again = await sub({ number: "3105550602", recaptchaToken: once }, "10.8.1.2");
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(
      "We could not check that you are human. Please try again.",
    );
    expect(await rowsFor("+13105550602")).toEqual({ subscribers: [], texts: [] });

    // A proof solved on one of the business's opt-in pages, or on another business's sign-up
    // page, is not one for this sign-up page.
    expect(
      (await t.post("/api/optin-pages", { slug: "door", title: "Door" }, { cookie })).statusCode,
    ).toBe(201);
    const solve = async (path: string) => {
      const challenge = (await t.get(path)).json() as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    };
    const fromPage = await solve("/api/optin/beanthere/door/challenge");
    const elsewhere = await sub({ number: "3105550603", recaptchaToken: fromPage }, "10.8.1.3");
    expect(elsewhere.statusCode).toBe(400);
    const otherName = other.account.accountName;
    const fromOther = await solve(`/api/subscribe/${otherName}/challenge`);
    expect(
      (await sub({ number: "3105550603", recaptchaToken: fromOther }, "10.8.1.3")).statusCode,
    ).toBe(400);
    // ...and the page's own proof works there, once.
    const onPage = await sub(
      { number: "3105550603", recaptchaToken: fromPage },
      "10.8.1.3",
      "/api/optin/beanthere/door",
    );
    expect(onPage.statusCode).toBe(200);
    const replay = await sub(
      { number: "3105550604", recaptchaToken: fromPage },
      "10.8.1.4",
      "/api/optin/beanthere/door",
    );
    expect(replay.statusCode).toBe(400);
    expect((await rowsFor("+13105550604")).subscribers).toEqual([]);
    // An unknown page has no challenge to solve.
    expect((await t.get("/api/subscribe/nobody-here/challenge")).statusCode).toBe(404);
    expect((await t.get("/api/optin/beanthere/nope/challenge")).statusCode).toBe(404);
  });

  it("limits texts to unconfirmed numbers per number, per client address and per form", async () => {
    await save({ doubleOptIn: true }, true);
    const LIMITED = "Too many texts were requested from this form. Please try again in an hour.";
    // One number, from many addresses: five "reply Y" texts an hour, then a clear 429.
    for (let i = 0; i < 5; i++) {
      const ok = await sub({ number: "3105550610", recaptchaToken: await proof() }, `10.8.2.${i}`);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const sixth = await sub({ number: "3105550610", recaptchaToken: await proof() }, "10.8.2.9");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(LIMITED);
    expect((await rowsFor("+13105550610")).texts).toHaveLength(5);

    // One address trying many numbers: ten, then refused, writing nothing.
    for (let i = 0; i < 10; i++) {
      const ok = await sub({ number: `31055506${20 + i}`, recaptchaToken: await proof() }, IP);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const eleventh = await sub({ number: "3105550640", recaptchaToken: await proof() }, IP);
    expect(eleventh.statusCode).toBe(429);
    expect(await rowsFor("+13105550640")).toEqual({ subscribers: [], texts: [] });
    // Spanish visitors read it in Spanish.
    const es = await sub({ number: "3105550641", lang: "es", recaptchaToken: await proof() }, IP);
    expect(es.statusCode).toBe(429);
    expect(es.json().error.message).toContain("demasiados");

    // One form: a few hundred an hour, whoever asks.
    await t.db.$client.query(
      `insert into public_form_texts (account_id, form_key, phone, ip)
       select $1, $2, '+1310555' || lpad(g::text, 4, '0'), '10.99.0.' || g from generate_series(1, 200) g`,
      [account.id, `signup:${account.id}`],
    );
    const busy = await sub({ number: "3105550650", recaptchaToken: await proof() }, "10.8.3.1");
    expect(busy.statusCode).toBe(429);
    expect(await rowsFor("+13105550650")).toEqual({ subscribers: [], texts: [] });
    await t.db.$client.query("delete from public_form_texts where form_key = $1", [
      `signup:${account.id}`,
    ]);
  });
});
