import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIN_FORM, OPTIN_TEXTS } from "../../../domain/optin-forms";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { messages } from "../messages/messages.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { optinForms, optinFormViews } from "./optin-forms.schema";

// The opt-in popup's public calls (spec doc 3 §7, §8) and its management API (issue 14).
const t = await createTestServer();
const { account, user } = await buildAccountWithUser(t.db, {
  account: { businessName: "Bean There", accountName: "beanpop" },
});
const cookie = await loginAs(t.app, user.username, user.password);
const other = await buildAccountWithUser(t.db);
const otherCookie = await loginAs(t.app, other.user.username, other.user.password);
await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: "+14155550191", carrierSid: "PNop1", included: true });
const ORIGIN = "https://shop.example.com";

function pub(path: string, body: unknown, ip?: string) {
  return t.post(`/opt-in-forms/public/${path}`, body, {
    csrf: false,
    headers: { origin: ORIGIN },
    remoteAddress:
      ip ?? `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

/** What the popup does before each code: asks for its form's challenge and solves it. */
async function popupProof(viewId: string) {
  const res = await pub("challenge", { viewId });
  expect(res.statusCode, res.body).toBe(200);
  const challenge = res.json().data as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function lastCode(phone: string) {
  const rows = await t.db
    .select()
    .from(messages)
    .where(and(eq(messages.toNumber, phone), eq(messages.source, "optin_code")))
    .orderBy(messages.id);
  return /(\d{6})/.exec(rows.at(-1)?.body ?? "")?.[1] ?? "";
}

describe("opt-in forms", () => {
  let formId = 0;
  it("are made per account, and render only for pages their rule allows", async () => {
    const res = await t.post(
      "/api/optin-forms",
      {
        ...DEFAULT_OPTIN_FORM,
        display: { ...DEFAULT_OPTIN_FORM.display, urlMode: "contains", urlValue: "/products" },
      },
      { cookie },
    );
    expect(res.statusCode).toBe(201);
    formId = res.json().id;
    expect((await t.get(`/api/optin-forms/${formId}`, { cookie: otherCookie })).statusCode).toBe(
      404,
    );
    expect((await t.get("/api/optin-forms", { cookie: otherCookie })).json().forms).toEqual([]);

    const none = await pub("render", { url: `${ORIGIN}/about`, accountName: "beanpop" });
    expect(none.json().data).toBeNull();
    const shown = await pub("render", { url: `${ORIGIN}/products/beans`, accountName: "BeanPop" });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(shown.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(shown.headers["x-content-type-options"]).toBe("nosniff");
    // JSON for the popup's script, not a page: no page policies (the other routes have them).
    expect(shown.headers["content-security-policy"]).toBeUndefined();
    const data = shown.json().data;
    expect(data.viewId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.displaySetting.trigger).toBe("delay");
    expect(data.blocks[0]).toEqual({ type: "heading", text: "Get 10% off your next order" });
    expect((await pub("render", { url: "", accountName: "nobody" })).json().data).toBeNull();
  });

  it("texts a code, refuses a wrong one with the spec's text, resends, and subscribes on the right one", async () => {
    const view = (await pub("render", { url: `${ORIGIN}/products`, accountName: "beanpop" })).json()
      .data;
    const missing = await pub("submit", {
      viewId: view.viewId,
      fields: { firstName: "Ana" },
      url: "",
    });

    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Please fill out all required fields.");
    const sub = await pub("submit", {
      viewId: view.viewId,
      fields: { firstName: "Ana", phone: "(310) 555-0501" },
      url: `${ORIGIN}/shop`,
      proof: await popupProof(view.viewId),
    });
    expect(sub.statusCode).toBe(200);
    expect(sub.json().data.step).toBe("code");
    const first = await lastCode("+13105550501");
    expect(first).toMatch(/^\d{6}$/);

    const wrong = await pub("confirm", {
      viewId: view.viewId,
      code: first === "000000" ? "111111" : "000000",
      number: "+13105550501",
      url: "",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(OPTIN_TEXTS.invalidCode);

    const resent = await pub("submit", {
      viewId: view.viewId,
      fields: {},
      url: "",
      resend: true,
      proof: await popupProof(view.viewId),
    });
    expect(resent.statusCode).toBe(200);
    const second = await lastCode("+13105550501");
    // The first code is replaced by the new one.
    if (second !== first) {
      const old = await pub("confirm", {
        viewId: view.viewId,
        code: first,
        number: "+13105550501",
        url: "",
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await pub("confirm", {
      viewId: view.viewId,
      code: second,
      number: "+13105550501",
      url: `${ORIGIN}/shop`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.step).toBe("done");
    const [row] = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.accountId, account.id), eq(subscribers.phone, "+13105550501")));
    expect(row?.marketingConsentAt).not.toBeNull();
    expect(row?.firstName).toBe("Ana");
    expect(row?.consentSource).toBe("optin_form");

    const stats = (await t.get(`/api/optin-forms/${formId}`, { cookie })).json();
    expect(stats.views).toBe(2);
    expect(stats.submissions).toBe(1);
    expect(stats.confirmations).toBe(1);
  });

  it("serves the embed script small and answers CORS preflights", async () => {
    const js = await t.get("/opt-in-forms/embed.js");
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toMatch(/javascript/);
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(js.body).length).toBeLessThan(15_000);
    const pre = await t.request({
      method: "OPTIONS",
      url: "/opt-in-forms/public/render",
      csrf: false,
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers["access-control-allow-origin"]).toBe(ORIGIN);
  });

  it("texts a code only for a solved challenge of its own form, each used once, and limits texts per number", async () => {
    const render = async () =>
      (await pub("render", { url: `${ORIGIN}/products`, accountName: "beanpop" })).json().data;
    const view = await render();
    const fields = { firstName: "Bo", phone: "(310) 555-0701" };
    const codes = async (phone: string) =>
      (
        await t.db
          .select()
          .from(messages)
          .where(and(eq(messages.toNumber, phone), eq(messages.source, "optin_code")))
      ).length;

    const bare = await pub("submit", { viewId: view.viewId, fields, url: "" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(OPTIN_TEXTS.botFailed);
    expect(await codes("+13105550701")).toBe(0);

    const once = await popupProof(view.viewId);
    expect(
      (await pub("submit", { viewId: view.viewId, fields, url: "", proof: once })).statusCode,
    ).toBe(200);
    const replay = await pub("submit", {
      viewId: view.viewId,
      fields,
      url: "",
      resend: true,
      proof: once,
    });
    expect(replay.statusCode).toBe(400);
    expect(await codes("+13105550701")).toBe(1);

    // A challenge of another form does not open this one.
    const second = await t.post(
      "/api/optin-forms",
      { ...DEFAULT_OPTIN_FORM, name: "Everywhere" },
      { cookie },
    );
    expect(second.statusCode).toBe(201);
    const otherView = await render();
    expect(otherView.formId).toBe(second.json().id);
    const foreign = await pub("submit", {
      viewId: view.viewId,
      fields,
      url: "",
      resend: true,
      proof: await popupProof(otherView.viewId),
    });
    expect(foreign.statusCode).toBe(400);
    expect(await codes("+13105550701")).toBe(1);

    // One number gets at most five codes an hour, across views and addresses.
    for (let i = 0; i < 4; i++) {
      const v = i < 2 ? view : otherView;
      const ok = await pub("submit", {
        viewId: v.viewId,
        fields,
        url: "",
        resend: v === view,
        proof: await popupProof(v.viewId),
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    expect(await codes("+13105550701")).toBe(5);
    const sixth = await pub("submit", {
      viewId: otherView.viewId,
      fields,
      url: "",
      proof: await popupProof(otherView.viewId),
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(
      "Too many texts were requested from this form. Please try again in an hour.",
    );
    expect(await codes("+13105550701")).toBe(5);
    // An unknown view has no challenge.
    expect((await pub("challenge", { viewId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it("counts every view of renders that arrive together, on the forms list and the growth overview", async () => {
    const views = async () =>
      (await t.get("/api/optin-forms", { cookie }))
        .json()
        .forms.map((f: { id: number; views: number }) => [f.id, f.views] as [number, number]);
    const overview = async () =>
      (await t.get("/api/growth/overview", { cookie })).json().tools.optinForms.views as number;
    const rows = async () =>
      (await t.db.select().from(optinFormViews).where(eq(optinFormViews.accountId, account.id)))
        .length;
    const before = new Map<number, number>(await views());
    const totalBefore = await overview();
    const rowsBefore = await rows();

    const shown = await Promise.all(
      Array.from({ length: 60 }, () =>
        pub("render", { url: `${ORIGIN}/products/${Math.random()}`, accountName: "beanpop" }),
      ),
    );
    for (const res of shown) expect(res.statusCode, res.body).toBe(200);
    const data = shown.map((res) => res.json().data);
    expect(new Set(data.map((d) => d.viewId)).size).toBe(60);
    const perForm = new Map<number, number>();
    for (const d of data) perForm.set(d.formId, (perForm.get(d.formId) ?? 0) + 1);

    for (const [id, n] of await views())
      expect(n).toBe((before.get(id) ?? 0) + (perForm.get(id) ?? 0));
    expect(await overview()).toBe(totalBefore + 60);
    expect(await rows()).toBe(rowsBefore + 60);
    // Each view is written before its id is answered: the popup's next step finds it at once.
    expect((await pub("challenge", { viewId: data[59].viewId })).statusCode).toBe(200);
  });

  it("shows a form saved here at once, and a change made by another web process within a second", async () => {
    const render = async (url = `${ORIGIN}/products`) =>
      (await pub("render", { url, accountName: "beanpop" })).json().data;
    const shownFirst = await render();
    const current = (await t.get(`/api/optin-forms/${shownFirst.formId}`, { cookie })).json();
    const saved = await t.put(
      `/api/optin-forms/${current.id}`,
      {
        ...DEFAULT_OPTIN_FORM,
        name: current.name,
        blocks: [{ type: "heading", text: "Saved here" }, ...DEFAULT_OPTIN_FORM.blocks.slice(1)],
      },
      { cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await render()).blocks[0].text).toBe("Saved here");

    // Another process saves the form (this process's copy is not told): shown within a second.
    await t.db
      .update(optinForms)
      .set({
        blocks: [
          { type: "heading", text: "Saved elsewhere" },
          ...DEFAULT_OPTIN_FORM.blocks.slice(1),
        ],
        updatedAt: sql`now()`,
      })
      .where(eq(optinForms.id, current.id));
    type Shown = { formId: number; blocks: { text?: string }[] } | null;
    const seen = async (check: (d: Shown) => boolean) => {
      for (let i = 0; i < 30; i++) {
        if (check(await render())) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    };
    expect(await seen((d) => d?.blocks[0]?.text === "Saved elsewhere")).toBe(true);

    // Paused elsewhere: no view of it is written, even while this process may still hold it.
    const viewsBefore = (await t.get(`/api/optin-forms/${current.id}`, { cookie })).json().views;
    await t.db
      .update(optinForms)
      .set({ status: "paused", updatedAt: sql`now()` })
      .where(eq(optinForms.id, current.id));
    expect(await seen((d) => d === null || d.formId !== current.id)).toBe(true);
    const after = (await t.get(`/api/optin-forms/${current.id}`, { cookie })).json();
    expect(after.views).toBe(viewsBefore);
  });

  it("limits renders from one address to 120 a minute", async () => {
    const ip = "10.9.9.9";
    const statuses = [];
    for (let i = 0; i < 121; i++)
      statuses.push(
        (await pub("render", { url: `${ORIGIN}/x`, accountName: "beanpop" }, ip)).statusCode,
      );
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Another visitor is not limited by it.
    expect((await pub("render", { url: `${ORIGIN}/x`, accountName: "beanpop" })).statusCode).toBe(
      200,
    );
  });
  it("texts the code from the number chosen in 'Texts the code from'", async () => {
    const [second] = await t.db
      .insert(phoneNumbers)
      .values({
        accountId: account.id,
        number: "+14155550192",
        carrierSid: "PNop2",
        included: true,
      })
      .returning();
    // Only this form may show: the others of the account are paused.
    await t.db
      .update(optinForms)
      .set({ status: "paused" })
      .where(eq(optinForms.accountId, account.id));
    const made = await t.post(
      "/api/optin-forms",
      {
        ...DEFAULT_OPTIN_FORM,
        name: "From the second number",
        phoneNumberId: second!.id,
        display: { ...DEFAULT_OPTIN_FORM.display, urlMode: "contains", urlValue: "/second" },
      },
      { cookie },
    );
    expect(made.statusCode, made.body).toBe(201);
    const view = (await pub("render", { url: `${ORIGIN}/second`, accountName: "beanpop" })).json()
      .data;
    expect(view.formId).toBe(made.json().id);
    const sub = await pub("submit", {
      viewId: view.viewId,
      fields: { firstName: "Bo", phone: "(310) 555-0509" },
      url: `${ORIGIN}/second`,
      proof: await popupProof(view.viewId),
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const codes = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.toNumber, "+13105550509"), eq(messages.source, "optin_code")));
    expect(codes.map((m) => m.fromNumber)).toEqual(["+14155550192"]);
  });
});
