import { describe, expect, it } from "vitest";
import { acceptSubscriberPhone } from "../../domain/subscribers.schemas";
import { parseConfig } from "../config";
import { loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { seedDemo } from "./demo";
import { seedDemoSubscribers } from "./demo-subscribers";

const t = await createTestServer();

describe("seedDemoSubscribers", () => {
  it("fills the demo account once with subscribers, fields and groups", async () => {
    const config = {
      ...t.config,
      ...parseConfig({ DEMO_USERNAME: "demo", DEMO_PASSWORD: "demo1234" }),
    };
    await seedDemo(t.db, config, new Date());
    expect(await seedDemoSubscribers(t.db, config, new Date())).toBe(true);
    expect(await seedDemoSubscribers(t.db, config, new Date())).toBe(false);
    const cookie = await loginAs(t.app, "demo", "demo1234");

    const list = (await t.get("/api/subscribers?pageSize=100&sortBy=phone", { cookie })).json();
    expect(list.total).toBe(200);
    const all = [...list.rows];
    for (let page = 1; page < 2; page++) {
      all.push(
        ...(
          await t.get(`/api/subscribers?pageSize=100&sortBy=phone&page=${page}`, { cookie })
        ).json().rows,
      );
    }
    // Every number is one we accept; only the two deliberate landlines end in a carrier rule.
    for (const s of all) expect(acceptSubscriberPhone(s.number)?.phone).toBe(s.number);
    const ruled = all
      .filter((s) => /000[0-4]$/.test(s.number))
      .map((s) => s.number)
      .sort();
    expect(ruled).toEqual(["+13125550001", "+16175550001"]);
    expect(new Set(all.map((s) => s.signupMethod)).size).toBeGreaterThan(5);

    const fields = (await t.get("/api/custom-fields", { cookie })).json();
    expect(fields.rows.map((f: { name: string }) => f.name)).toEqual([
      "Birthday",
      "Favorite Drink",
      "VIP",
    ]);
    const groups = (await t.get("/api/groups?pageSize=100", { cookie })).json();
    expect(groups.total).toBe(4);
    const vip = groups.rows.find((g: { name: string }) => g.name === "VIP");
    const counts = (
      await t.post("/api/groups/adaptive-member-counts", { groupIds: [vip.id] }, { cookie })
    ).json();
    expect(counts.memberCounts[vip.id]).toBeGreaterThan(5);
    for (const g of groups.rows.filter((x: { type: string }) => x.type === "static")) {
      expect(g.memberCount).toBeGreaterThan(20);
    }
    const detail = (await t.get(`/api/subscribers/${all[0].id}`, { cookie })).json();
    expect(detail.consentHistory).toHaveLength(1);
  });
});
