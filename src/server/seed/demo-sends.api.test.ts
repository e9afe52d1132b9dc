import { describe, expect, it } from "vitest";
import { resetUserPassword } from "../ops/reset-password";
import { loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { seedDemo, usersWithPublicDemoPassword } from "./demo";
import { seedDemoNumbers } from "./demo-numbers";
import { seedDemoSends } from "./demo-sends";
import { seedDemoSubscribers } from "./demo-subscribers";

// listen: the demo number is bought from the carrier emulator over HTTP, as at npm start.
const t = await createTestServer({
  listen: true,
  env: { SEED_DEMO: "true", DEMO_USERNAME: "demo", DEMO_PASSWORD: "demo1234" },
});

describe("seedDemoSends", () => {
  it("gives the demo a finished campaign and a weekly send, once", async () => {
    await seedDemo(t.db, t.config, new Date());
    await seedDemoSubscribers(t.db, t.config, new Date());
    await seedDemoNumbers(t.ctx);
    await seedDemoSends(t.ctx);
    await seedDemoSends(t.ctx);
    const cookie = await loginAs(t.app, "demo", "demo1234");

    const report = (await t.get("/api/reports/sent-messages", { cookie })).json();
    expect(report.total).toBe(1);
    const run = report.rows[0];
    expect(run).toMatchObject({ state: "completed", user: "Dana Demo" });
    expect(run.recipients).toBeGreaterThan(20);
    const c = run.counts;
    expect(c).toMatchObject({ sending: 0, sent: 2, unconfirmed: 2, failed: 5, blocked: 1 });
    expect(c.delivered).toBe(run.recipients - 10);
    // Reserved for every recipient, given back for the 5 failures.
    expect(run.credits).toBe((run.recipients - 5) * 1);

    const failed = (
      await t.get(`/api/reports/sent-messages/${run.id}/recipients?group=failed`, { cookie })
    ).json();
    expect(failed.total).toBe(5);
    expect(failed.rows.every((r: { firstName: string }) => r.firstName !== undefined)).toBe(true);

    const scheduled = (await t.get("/api/sends/scheduled", { cookie })).json();
    expect(scheduled.total).toBe(1);
    expect(scheduled.rows[0]).toMatchObject({
      repeatLabel: "Every Week",
      repeatDetail: "Thu",
      recipients: expect.objectContaining({ text: "Morning Regulars" }),
      status: "scheduled",
      user: "Dana Demo",
    });

    const dash = (await t.get("/api/dashboard", { cookie })).json();
    expect(dash.recentRuns).toHaveLength(1);
    expect(dash.upcoming).toHaveLength(1);
    expect(dash.subscribers.total).toBeGreaterThanOrEqual(200);
  });
});

describe("the public demo password", () => {
  it("is found on the demo owner until the operator changes it (a public server refuses to start)", async () => {
    await seedDemo(t.db, t.config, new Date());
    expect(await usersWithPublicDemoPassword(t.db, t.config)).toEqual(["demo"]);
    await resetUserPassword(t.db, { username: "demo", password: "espresso-parley-2026" });
    expect(await usersWithPublicDemoPassword(t.db, t.config)).toEqual([]);
  });
});
