import { addDays } from "date-fns";
import { describe, expect, it } from "vitest";
import { accountFlags, switchAccount } from "../../ops/account-flags";
import { createAccountWithOwner } from "../../ops/create-account";
import { resetUserPassword } from "../../ops/reset-password";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { TEST_CARDS } from "../billing/payment-processor";

/**
 * The changes the audit log also covers: personal, notification and security settings, an
 * invitation resent or withdrawn, a webhook changed, billing paused and reactivated, and what the
 * operator's admin command changes. Each is a row naming its actor; another account sees none.
 */
const t = await createTestServer();
const trial = { account: { trialEndsAt: addDays(new Date(), 14) } };
const a = await buildAccountWithUser(t.db, {
  ...trial,
  user: { firstName: "Olive", lastName: "Owner" },
});
const b = await buildAccountWithUser(t.db, trial);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);

type Row = {
  action: string;
  actorKind: string;
  actorName: string;
  targetId: string | null;
  targetLabel: string | null;
  changes: Record<string, { before?: unknown; after?: unknown }>;
};

async function rowsOf(action: string, cookie = cookieA): Promise<Row[]> {
  const res = await t.get(`/api/audit?action=${action}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

const byOlive = { actorKind: "user", actorName: "Olive Owner" };

describe("audit coverage", () => {
  it("personal, notification and security settings", async () => {
    const personal = await t.put(
      "/api/user/settings/disable_send_all",
      { val: true },
      { cookie: cookieA },
    );
    expect(personal.statusCode, personal.body).toBe(200);
    expect(await rowsOf("settings.personal")).toMatchObject([
      {
        ...byOlive,
        targetLabel: "disable_send_all",
        changes: { disable_send_all: { after: true } },
      },
    ]);

    const alerts = await t.put(
      "/api/addons/phone-alerts",
      { enabled: true, phone: "(310) 555-0142", quietStart: null, quietEnd: null },
      { cookie: cookieA },
    );
    expect(alerts.statusCode, alerts.body).toBe(200);
    const [alertRow] = await rowsOf("settings.notifications");
    expect(alertRow).toMatchObject({ ...byOlive, targetLabel: "Phone alerts" });
    expect(alertRow!.changes.enabled).toEqual({ before: false, after: true });

    const policy = await t.put(
      "/api/auth/sign-in-policy",
      { verifyNewDevices: true, requirePhoneVerification: false },
      { cookie: cookieA },
    );
    expect(policy.statusCode, policy.body).toBe(200);
    const [security] = await rowsOf("settings.security");
    expect(security).toMatchObject({
      ...byOlive,
      targetLabel: "Sign-in checks",
      changes: { verifyNewDevices: { before: false, after: true } },
    });
    // Nothing of A's is in B's log.
    expect(await rowsOf("settings.security", cookieB)).toEqual([]);
  });

  it("an invitation resent and withdrawn", async () => {
    const inv = await t.post(
      "/api/users/invites",
      {
        email: "invited.person@example.test",
        permissionLevel: 1,
        groupIds: [],
        longcodeIds: [],
        disableMassMessaging: false,
      },
      { cookie: cookieA },
    );
    expect(inv.statusCode, inv.body).toBeLessThan(300);
    const id = inv.json().id as number;
    const resend = await t.post(`/api/users/invites/${id}/resend`, undefined, { cookie: cookieA });
    expect(resend.statusCode, resend.body).toBeLessThan(300);
    expect(await rowsOf("users.invite_resend")).toMatchObject([
      { ...byOlive, targetId: String(id), targetLabel: "invited.person@example.test" },
    ]);
    const del = await t.request({
      method: "DELETE",
      url: `/api/users/invites/${id}`,
      cookie: cookieA,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await rowsOf("users.invite_withdraw")).toMatchObject([
      { ...byOlive, targetId: String(id), targetLabel: "invited.person@example.test" },
    ]);
  });

  it("a webhook changed: the fields that moved, never the secret", async () => {
    const made = await t.post(
      "/api/webhooks",
      { url: "https://receiver.example.com/a", events: ["subscriber.created"] },
      { cookie: cookieA },
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const patched = await t.request({
      method: "PATCH",
      url: `/api/webhooks/${id}`,
      cookie: cookieA,
      body: { url: "https://receiver.example.com/b", enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [row] = await rowsOf("webhooks.update");
    expect(row).toMatchObject({ ...byOlive, targetId: String(id) });
    expect(row!.changes).toEqual({
      enabled: { before: true, after: false },
      url: { before: "https://receiver.example.com/a", after: "https://receiver.example.com/b" },
    });
  });

  it("billing paused and reactivated", async () => {
    const card = {
      number: TEST_CARDS.success,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: "123",
      name: "Olive Owner",
    };
    expect((await t.put("/api/billing/payment-method", card, { cookie: cookieA })).statusCode).toBe(
      200,
    );
    const paused = await t.post("/api/billing/pause", { confirm: true }, { cookie: cookieA });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await rowsOf("billing.pause")).toMatchObject([
      { ...byOlive, changes: { status: { after: "paused" } } },
    ]);
    const back = await t.post(
      "/api/billing/reactivate",
      { planId: "starter", amountCents: 2900 },
      { cookie: cookieA },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await rowsOf("billing.reactivate")).toMatchObject([
      { ...byOlive, changes: { status: { before: "paused", after: "active" } } },
    ]);
  });

  it("the admin command's changes name the operator", async () => {
    const other = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
    await resetUserPassword(t.db, { username: other.username });
    await switchAccount(t.db, String(a.account.id), true);
    await switchAccount(t.db, a.account.accountName, false);
    await accountFlags(t.db, String(a.account.id), { priority_support: true });
    const made = await createAccountWithOwner(t.db, {
      businessName: "Audit Bakery",
      username: "audit_bakery",
      email: "owner@audit-bakery.example.test",
    });

    const [reset] = await rowsOf("users.password_reset");
    expect(reset).toMatchObject({ actorKind: "operator", targetId: String(other.id) });
    expect(reset!.actorName).toMatch(/^Operator \(admin command/);
    const operator = await rowsOf("account.operator");
    expect(operator.map((r) => r.changes)).toEqual([
      { priority_support: { before: false, after: true } },
      { disabled: { after: false } },
      { disabled: { after: true } },
    ]);
    const cookieNew = await loginAs(t.app, "audit_bakery", made.password);
    expect(await rowsOf("account.create", cookieNew)).toMatchObject([
      { actorKind: "operator", targetId: String(made.accountId), targetLabel: made.accountName },
    ]);
    // And the chain of A still verifies with the operator's rows in it.
    const verify = await t.get("/api/audit/verify", { cookie: cookieA });
    expect(verify.json()).toMatchObject({ ok: true });
  });
});
