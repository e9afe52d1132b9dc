import { describe, expect, it } from "vitest";
import { hasLink } from "../../domain/content-rules";
import { loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { seedDemo } from "./demo";
import { seedDemoHistory } from "./demo-history";
import { seedDemoNumbers } from "./demo-numbers";
import { seedDemoSends } from "./demo-sends";
import { seedDemoSubscribers } from "./demo-subscribers";

const t = await createTestServer({
  listen: true,
  env: { SEED_DEMO: "true", DEMO_USERNAME: "demo", DEMO_PASSWORD: "demo1234" },
});

describe("seedDemoHistory", () => {
  it("fills ninety days of campaigns, failures, replies and opt-outs, once and fast", async () => {
    await seedDemo(t.db, t.config, new Date());
    await seedDemoSubscribers(t.db, t.config, new Date());
    await seedDemoNumbers(t.ctx);
    await seedDemoSends(t.ctx);
    const started = Date.now();
    expect(await seedDemoHistory(t.ctx)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await seedDemoHistory(t.ctx)).toBe(false);
    const cookie = await loginAs(t.app, "demo", "demo1234");

    const report = (await t.get("/api/reports/sent-messages?pageSize=100", { cookie })).json();
    expect(report.total).toBeGreaterThan(20);
    const dash = (await t.get("/api/dashboard", { cookie })).json();
    const busyDays = dash.chart.filter((d: { delivered: number }) => d.delivered > 0).length;
    expect(busyDays).toBeGreaterThanOrEqual(7);

    const q = async <T>(text: string) => (await t.db.$client.query(text)).rows as T[];
    const count = async (text: string) => Number((await q<{ n: string }>(text))[0]!.n);
    const failures = await q<{ error_code: number; n: string }>(
      "select error_code, count(*) as n from messages where error_code is not null group by 1",
    );
    const codes = failures.map((f) => f.error_code);
    expect(codes).toContain(30006);
    expect(codes).toContain(30003);
    // A number no longer in service (30005) stays so: no later text to it was delivered, so the
    // unhealthy list and the failed-numbers clean-up have something true to find.
    expect(codes).toContain(30005);
    const revived = await count(`
      select count(*) as n from messages f join messages m
        on m.to_number = f.to_number and m.direction = 'outbound' and m.created_at > f.created_at
      where f.error_code in (30005, 21211, 21614) and m.error_code is distinct from f.error_code`);
    expect(revived).toBe(0);
    expect(
      await count("select count(*) as n from messages where direction = 'inbound'"),
    ).toBeGreaterThan(20);
    // The demo's local number is not 10DLC registered, so the content rule allows it no links:
    // nothing in its history carries one (every text of it passes the rule it is held to now).
    const status = (await t.get("/api/registrations/status", { cookie })).json();
    expect(status.campaign.status).not.toBe("approved");
    const bodies = await q<{ body: string }>(
      `select body from messages where direction = 'outbound'
       union all select text from sends union all select text from send_runs`,
    );
    expect(bodies.length).toBeGreaterThan(100);
    expect(bodies.filter((b) => hasLink(b.body))).toEqual([]);
    expect(JSON.stringify(report.rows)).not.toMatch(/\[link recipient\]|\[\[link tracking/);
    // Nobody is sent a campaign after their STOP.
    const optOuts = await q<{ phone: string; created_at: Date; message_id: string | null }>(
      "select phone, created_at, message_id from consent_events where action = 'opt_out'",
    );
    expect(optOuts.length).toBeGreaterThan(2);
    expect(optOuts.every((o) => o.message_id !== null)).toBe(true);
    const after = await count(`
      select count(*) as n from consent_events c join messages m
        on m.to_number = c.phone and m.source = 'campaign' and m.created_at > c.created_at
      where c.action = 'opt_out'`);
    expect(after).toBe(0);
    expect(await count("select count(*) as n from suppressions")).toBe(optOuts.length);
  });
});
