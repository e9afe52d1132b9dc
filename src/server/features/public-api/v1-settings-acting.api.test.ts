import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { exportedCsv } from "../../test/exports";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { insertRun, insertSend } from "../../test/send-factories";
import { v1Client } from "../../test/v1-client";
import { runReportExport } from "../growth-reports/report-exports.service";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { users } from "../users/users.schema";

/**
 * More screen-only parts through /api/v1 (issue 17): the sent report's CSV export as a job, the
 * conversion window, toll-free verification, the web banner, contact card and phone alerts; and
 * a parent's key acting in its own managed account with `Parley-Account` (a child's key, a
 * stranger's key and a key without the accounts scope cannot). Each with a key of the scope, a key
 * without it and another account's key.
 */
const t = await createTestServer({
  env: {
    API_RATE_LIMIT: "5000",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "v1-settings-acting-")),
  },
});
const { call, ok } = v1Client(t);

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

async function makeKey(cookie: string, scopes: readonly string[], name = scopes.join(" ")) {
  const res = await t.post("/api/api-keys", { name, scopes }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}

async function makeChild(businessName: string) {
  const res = await t.post(
    "/api/managed-accounts",
    { businessName, email: `${businessName.replace(/\W/g, "")}-${Date.now()}@kids.example` },
    { cookie: cookieA },
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}
const childId = await makeChild("Bean There Uptown");
const siblingId = await makeChild("Bean There Downtown");
const childOwner = await buildUser(t.db, { accountId: childId, permissionLevel: 3 });
const cookieChild = await loginAs(t.app, childOwner.username, childOwner.password);

const keys = {
  reports: await makeKey(cookieA, ["reports:read"]),
  settingsRead: await makeKey(cookieA, ["settings:read"]),
  settingsWrite: await makeKey(cookieA, ["settings:write"]),
  numbersRead: await makeKey(cookieA, ["numbers:read"]),
  numbersWrite: await makeKey(cookieA, ["numbers:write"]),
  parent: await makeKey(
    cookieA,
    ["accounts:write", "settings:write", "subscribers:write"],
    "agency sync",
  ),
  parentNoAccounts: await makeKey(cookieA, ["settings:write", "subscribers:write"]),
  parentAccountsRead: await makeKey(cookieA, ["accounts:read", "settings:write"]),
  child: await makeKey(cookieChild, ["accounts:write", "settings:write", "subscribers:write"]),
  otherReports: await makeKey(cookieB, ["reports:read"]),
  otherWrite: await makeKey(cookieB, [
    "accounts:write",
    "settings:write",
    "numbers:write",
    "subscribers:write",
  ]),
};

const sendId = await insertSend(t.db, {
  accountId: a.account.id,
  userId: a.user.id,
  text: "Spring sale: 2 for 1 muffins",
});
await insertRun(t.db, {
  sendId,
  accountId: a.account.id,
  runAt: new Date(Date.now() - 86_400_000),
  text: "Spring sale: 2 for 1 muffins",
  recipients: 4,
});
const otherSend = await insertSend(t.db, { accountId: b.account.id, text: "B's own promo" });
await insertRun(t.db, {
  sendId: otherSend,
  accountId: b.account.id,
  runAt: new Date(Date.now() - 86_400_000),
  text: "B's own promo",
});

describe("the sent report's CSV export", () => {
  it("starts, finishes and downloads the same CSV the screen streams", async () => {
    const started = await ok<{ id: number; status: string; report: string }>(
      call(keys.reports, "POST", "/api/v1/reports/sent-messages/exports", { query: "sale" }, "s-1"),
      201,
    );
    expect(started).toMatchObject({ status: "queued", report: "sent-messages" });
    await runReportExport(t.ctx, started.id);
    const done = await ok<{ status: string; rowCount: number; downloadUrl: string }>(
      call(keys.reports, "GET", `/api/v1/reports/exports/${started.id}`),
    );
    expect(done).toMatchObject({
      status: "finished",
      rowCount: 1,
      downloadUrl: `/api/v1/reports/exports/${started.id}/download`,
    });
    const file = await call(keys.reports, "GET", done.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    const screen = await exportedCsv(t, "/api/reports/sent-messages/export?query=sale", cookieA);
    expect(file.body).toBe(screen.body);
    expect(file.body).toContain("Spring sale: 2 for 1 muffins");
    const listed = await ok<{ rows: { id: number }[] }>(
      call(keys.reports, "GET", "/api/v1/reports/exports?report=sent-messages"),
    );
    expect(listed.rows.map((r) => r.id)).toContain(started.id);
  });

  it("refuses a bad filter, a key without reports, and another account's key", async () => {
    const bad = await call(keys.reports, "POST", "/api/v1/reports/sent-messages/exports", {
      from: "2026-02-30",
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(keys.settingsWrite, "POST", "/api/v1/reports/sent-messages/exports", {}))
        .statusCode,
    ).toBe(403);
    const mine = await ok<{ id: number }>(
      call(keys.reports, "POST", "/api/v1/reports/sent-messages/exports", {}),
      201,
    );
    await runReportExport(t.ctx, mine.id);
    expect(
      (await call(keys.otherReports, "GET", `/api/v1/reports/exports/${mine.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(keys.otherReports, "GET", `/api/v1/reports/exports/${mine.id}/download`))
        .statusCode,
    ).toBe(404);
    const theirs = await ok<{ id: number }>(
      call(keys.otherReports, "POST", "/api/v1/reports/sent-messages/exports", {}),
      201,
    );
    await runReportExport(t.ctx, theirs.id);
    const body = (
      await call(keys.otherReports, "GET", `/api/v1/reports/exports/${theirs.id}/download`)
    ).body;
    expect(body).toContain("B's own promo");
    expect(body).not.toContain("muffins");
  });
});

describe("the conversion window", () => {
  it("is set with settings:write, read back by the screen; others are refused", async () => {
    const set = await ok<{ windowDays: number }>(
      call(keys.settingsWrite, "PUT", "/api/v1/conversions/settings", { windowDays: 14 }),
    );
    expect(set.windowDays).toBe(14);
    const screen = await t.get("/api/analytics/conversions/settings", { cookie: cookieA });
    expect(screen.json().windowDays).toBe(14);
    expect(
      (await call(keys.settingsWrite, "PUT", "/api/v1/conversions/settings", { windowDays: 91 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(keys.reports, "PUT", "/api/v1/conversions/settings", { windowDays: 3 }))
        .statusCode,
    ).toBe(403);
    await ok(call(keys.otherWrite, "PUT", "/api/v1/conversions/settings", { windowDays: 2 }));
    const still = await t.get("/api/analytics/conversions/settings", { cookie: cookieA });
    expect(still.json().windowDays).toBe(14);
  });
});

const [tollFree] = await t.db
  .insert(phoneNumbers)
  .values({
    accountId: a.account.id,
    number: "+18885550177",
    carrierSid: "PNtollfree177",
    tollFree: true,
  })
  .returning();
const form = {
  businessName: "Bean There Coffee",
  website: "https://beanthere.coffee",
  contactEmail: "owner@beanthere.coffee",
  contactPhone: "5125550142",
  useCase: "Weekly offers and order-ready alerts",
  sampleMessage: "Bean There: your latte is ready at the counter! Reply STOP to opt out.",
  optInDescription: "Customers text JOIN to our number or tick the box at checkout.",
  monthlyVolume: "1000",
};
const url = `/api/v1/numbers/${tollFree!.id}/toll-free-verification`;

describe("toll-free verification", () => {
  it("submits with numbers:write and the number shows pending; others are refused", async () => {
    expect((await call(keys.numbersRead, "POST", url, form)).statusCode).toBe(403);
    expect((await call(keys.otherWrite, "POST", url, form)).statusCode).toBe(404);
    expect(
      (await call(keys.numbersWrite, "POST", url, { ...form, sampleMessage: "short" })).statusCode,
    ).toBe(400);
    const sent = await ok<{ tfVerification: string }>(call(keys.numbersWrite, "POST", url, form));
    expect(sent.tfVerification).toBe("pending");
    const read = await ok<{ tfVerification: string }>(
      call(keys.numbersRead, "GET", `/api/v1/numbers/${tollFree!.id}`),
    );
    expect(read.tfVerification).toBe("pending");
  });
});

describe("the small settings pages", () => {
  it("web banner: read with settings:read, changed with settings:write, as the screen shows", async () => {
    const got = await ok<{ config: { message: string } }>(
      call(keys.settingsRead, "GET", "/api/v1/web-banner"),
    );
    expect(got).toEqual((await t.get("/api/web-banner", { cookie: cookieA })).json());
    const change = { enabled: false, message: "Texts with deals", buttonText: "Join" };
    expect((await call(keys.settingsRead, "PUT", "/api/v1/web-banner", change)).statusCode).toBe(
      403,
    );
    const saved = await ok<{ config: { message: string } }>(
      call(keys.settingsWrite, "PUT", "/api/v1/web-banner", change),
    );
    expect(saved.config.message).toBe("Texts with deals");
    expect((await t.get("/api/web-banner", { cookie: cookieA })).json().config.message).toBe(
      "Texts with deals",
    );
    expect(
      (await call(keys.settingsWrite, "PUT", "/api/v1/web-banner", { message: "" })).statusCode,
    ).toBe(400);
    const theirs = await ok<{ config: { message: string } }>(
      call(keys.otherWrite, "GET", "/api/v1/web-banner"),
    );
    expect(theirs.config.message).not.toBe("Texts with deals");
  });

  it("phone alerts: saved and read back; a bad phone is a 400", async () => {
    const body = { enabled: true, phone: "512-555-0142", quietStart: "22:00", quietEnd: "07:00" };
    expect((await call(keys.settingsRead, "PUT", "/api/v1/phone-alerts", body)).statusCode).toBe(
      403,
    );
    const saved = await ok<{ phone: string; enabled: boolean }>(
      call(keys.settingsWrite, "PUT", "/api/v1/phone-alerts", body),
    );
    expect(saved).toMatchObject({ enabled: true, phone: "+15125550142" });
    expect(await ok(call(keys.settingsRead, "GET", "/api/v1/phone-alerts"))).toEqual(
      (await t.get("/api/addons/phone-alerts", { cookie: cookieA })).json(),
    );
    expect(
      (
        await call(keys.settingsWrite, "PUT", "/api/v1/phone-alerts", {
          ...body,
          phone: "12",
        })
      ).statusCode,
    ).toBe(400);
    const theirs = await ok<{ enabled: boolean }>(
      call(keys.otherWrite, "GET", "/api/v1/phone-alerts"),
    );
    expect(theirs.enabled).toBe(false);
  });

  it("contact card: read; saving needs settings:write and a multipart body", async () => {
    const got = await ok(call(keys.settingsRead, "GET", "/api/v1/contact-card"));
    expect(got).toEqual((await t.get("/api/contact-card", { cookie: cookieA })).json());
    expect((await call(keys.settingsRead, "PUT", "/api/v1/contact-card", {})).statusCode).toBe(403);
    const notMultipart = await call(keys.settingsWrite, "PUT", "/api/v1/contact-card", {
      organizationName: "Bean There",
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error.message).toContain("multipart");

    const photo = await sharp({
      create: { width: 16, height: 16, channels: 3, background: "#1864ab" },
    })
      .png()
      .toBuffer();
    const boundary = "----v1card";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const upload = (key: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v1/contact-card",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            field("organizationName", "Bean There Coffee") +
              field("website", "https://beanthere.coffee") +
              `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          photo,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    expect((await upload(keys.settingsRead)).statusCode).toBe(403);
    const saved = await upload(keys.settingsWrite);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      created: true,
      card: { organizationName: "Bean There Coffee" },
    });
    const screen = (await t.get("/api/contact-card", { cookie: cookieA })).json();
    expect(screen.card.organizationName).toBe("Bean There Coffee");
    const theirs = await ok<{ card: unknown }>(
      call(keys.otherWrite, "GET", "/api/v1/contact-card"),
    );
    expect(theirs.card).toBeNull();
  });
});

const inChild = { "parley-account": String(childId) };
await t.db.insert(subscribers).values([
  { accountId: a.account.id, phone: "+13105550401", firstName: "Parent's" },
  { accountId: childId, phone: "+13105550402", firstName: "Child's" },
]);

describe("acting in a managed account with Parley-Account", () => {
  it("a parent's accounts:write key works in its child: the child's data only, audited", async () => {
    const list = await ok<{ rows: { firstName: string }[] }>(
      call(keys.parent, "GET", "/api/v1/subscribers", undefined, undefined, inChild),
    );
    expect(list.rows.map((r) => r.firstName)).toEqual(["Child's"]);
    const saved = await ok<{ config: { message: string } }>(
      call(
        keys.parent,
        "PUT",
        "/api/v1/web-banner",
        { enabled: false, message: "Uptown deals by text" },
        undefined,
        inChild,
      ),
    );
    expect(saved.config.message).toBe("Uptown deals by text");
    // The parent's own banner is untouched; the child's owner sees the change.
    expect((await t.get("/api/web-banner", { cookie: cookieA })).json().config.message).not.toBe(
      "Uptown deals by text",
    );
    expect((await t.get("/api/web-banner", { cookie: cookieChild })).json().config.message).toBe(
      "Uptown deals by text",
    );
    const audit = await ok<{ rows: { action: string; detail: string }[] }>(
      call(keys.parent, "GET", `/api/v1/managed-accounts/${childId}/audit`),
    );
    expect(audit.rows[0]).toMatchObject({
      action: "PUT /api/v1/web-banner",
      detail: expect.stringContaining('API key "agency sync"'),
    });
    // The key's request log stays the parent's.
    const logs = (await t.get("/api/api-keys", { cookie: cookieA })).json() as {
      rows: { id: number; name: string }[];
    };
    const parentKeyId = logs.rows.find((k) => k.name === "agency sync")!.id;
    const log = (await t.get(`/api/api-keys/${parentKeyId}/requests`, { cookie: cookieA })).json();
    expect(log.rows.map((r: { path: string }) => r.path)).toContain("/api/v1/web-banner");
  });

  it("an Idempotency-Key never replays one account's answer in another", async () => {
    const body = { number: "+13105550403", firstName: "Twice" };
    const inParent = await ok<{ id: number }>(
      call(keys.parent, "POST", "/api/v1/subscribers", body, "same-key"),
      201,
    );
    const again = await call(keys.parent, "POST", "/api/v1/subscribers", body, "same-key");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    // The same key in the child is another request: refused as one, not the parent's answer.
    const inKid = await call(keys.parent, "POST", "/api/v1/subscribers", body, "same-key", inChild);
    expect(inKid.statusCode).toBe(409);
    expect(inKid.body).not.toContain(String(inParent.id));
    const fresh = await ok<{ id: number }>(
      call(keys.parent, "POST", "/api/v1/subscribers", body, "kid-key", inChild),
      201,
    );
    expect(fresh.id).not.toBe(inParent.id);
    const kids = await ok<{ rows: { firstName: string }[] }>(
      call(keys.parent, "GET", "/api/v1/subscribers", undefined, undefined, inChild),
    );
    expect(kids.rows.map((r) => r.firstName).sort()).toEqual(["Child's", "Twice"]);
  });

  it("refuses a key without accounts:write, a child's key, a stranger's key and bad ids", async () => {
    const banner = "/api/v1/web-banner";
    const noScope = await call(keys.parentNoAccounts, "GET", banner, undefined, undefined, inChild);
    expect(noScope.statusCode).toBe(403);
    const readOnly = await call(
      keys.parentAccountsRead,
      "GET",
      banner,
      undefined,
      undefined,
      inChild,
    );
    expect(readOnly.statusCode).toBe(403);
    // The child's own key reaches neither its parent nor its sibling.
    for (const id of [a.account.id, siblingId]) {
      const res = await call(keys.child, "GET", banner, undefined, undefined, {
        "parley-account": String(id),
      });
      expect(res.statusCode, res.body).toBe(403);
    }
    // Another top-level account cannot reach A's child (nor learn that it exists).
    const stranger = await call(
      keys.otherWrite,
      "GET",
      "/api/v1/subscribers",
      undefined,
      undefined,
      inChild,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain("Child's");
    const nobody = await call(keys.parent, "GET", banner, undefined, undefined, {
      "parley-account": "999999",
    });
    expect(nobody.statusCode).toBe(404);
    for (const bad of ["abc", "-1", "1e3", "99999999999"]) {
      const res = await call(keys.parent, "GET", banner, undefined, undefined, {
        "parley-account": bad,
      });
      expect(res.statusCode, bad).toBe(400);
    }
    // Keys and the managed accounts stay the parent's own.
    const keysThere = await call(
      keys.parent,
      "GET",
      "/api/v1/managed-accounts",
      undefined,
      undefined,
      inChild,
    );
    expect(keysThere.statusCode).toBe(403);
  });

  it("stops when the parent's key maker is no longer an Owner", async () => {
    const coOwner = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 3 });
    const cookieCo = await loginAs(t.app, coOwner.username, coOwner.password);
    const key = await makeKey(cookieCo, ["accounts:write", "settings:write"]);
    await ok(call(key, "GET", "/api/v1/web-banner", undefined, undefined, inChild));
    await t.db.update(users).set({ permissionLevel: 1 }).where(eq(users.id, coOwner.id));
    const res = await call(key, "GET", "/api/v1/web-banner", undefined, undefined, inChild);
    expect(res.statusCode).toBe(403);
  });
});
