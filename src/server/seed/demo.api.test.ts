import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { seedDemo } from "./demo";

const t = await createTestServer();

describe("seedDemo", () => {
  it("creates the demo account once, and the demo user can log in", async () => {
    const config = {
      ...t.config,
      ...parseConfig({ DEMO_USERNAME: "demo", DEMO_PASSWORD: "demo1234" }),
    };
    expect(await seedDemo(t.db, config, new Date())).toBe(true);
    expect(await seedDemo(t.db, config, new Date())).toBe(false);
    // Case does not make it a different user.
    expect(await seedDemo(t.db, { ...config, DEMO_USERNAME: "DEMO" }, new Date())).toBe(false);

    const cookie = await loginAs(t.app, "demo", "demo1234");
    const me = (await t.get("/api/account/me", { cookie })).json();
    expect(me).toMatchObject({
      accountName: "parley-demo",
      businessName: "Parley Demo Coffee Co.",
      email: "demo@parley.local",
      superUser: true,
      user: { username: "demo", firstName: "Dana", lastName: "Demo" },
    });
    expect(Date.parse(me.trialEndsAt)).toBeGreaterThan(Date.now());

    // On the Growth plan, with the plan's credits: the plan and the credits agree.
    const billing = (await t.get("/api/billing/summary", { cookie })).json();
    expect(billing).toMatchObject({
      plan: { id: "growth", monthlyCredits: 1500 },
      status: "active",
      usedCredits: 0,
      totalCredits: 1500,
      balance: 1500,
    });
    // The tour is read where it is written (per user): the demo's owner has skipped it.
    expect((await t.get("/api/tour", { cookie })).json()).toEqual({ step: 5 });
    // The demo's e-mail works as a login too.
    await expect(loginAs(t.app, "demo@parley.local", "demo1234")).resolves.toMatch(
      /^parley_session=/,
    );
  });
});
