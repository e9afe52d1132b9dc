import { describe, expect, it } from "vitest";
import { findTriggerConflict } from "../../domain/triggers";
import { triggerClaims } from "../features/carrier-webhooks/trigger-registry";
import { createTestServer } from "../test/harness";
import { seedDemo } from "./demo";
import { seedDemoAutomations } from "./demo-automations";
import { seedDemoChatbots } from "./demo-chatbots";
import { seedDemoInbox } from "./demo-inbox";
import { seedDemoMarketing } from "./demo-marketing";
import { seedDemoNumbers } from "./demo-numbers";
import { seedDemoSends } from "./demo-sends";
import { seedDemoSubscribers } from "./demo-subscribers";
import { seedDemoWorkflows } from "./demo-workflows";

const t = await createTestServer({
  listen: true,
  env: { SEED_DEMO: "true", DEMO_USERNAME: "demo", DEMO_PASSWORD: "demo1234" },
});

describe("the demo's automations", () => {
  it("answer each word once: no trigger of the demo conflicts with another", async () => {
    await seedDemo(t.db, t.config, new Date());
    await seedDemoSubscribers(t.db, t.config, new Date());
    await seedDemoNumbers(t.ctx);
    await seedDemoSends(t.ctx);
    await seedDemoInbox(t.ctx);
    await seedDemoAutomations(t.ctx);
    await seedDemoWorkflows(t.ctx);
    await seedDemoChatbots(t.ctx);
    await seedDemoMarketing(t.ctx);
    const accountId = (
      await t.db.$client.query<{ account_id: number }>(
        `select account_id from users where username = 'demo'`,
      )
    ).rows[0]!.account_id;
    const claims = await triggerClaims(t.ctx, accountId);
    const words = claims.flatMap((c) => c.words.map((w) => `${c.kind}:${w.toUpperCase()}`));
    // One of each kind, MENU the chatbot's alone.
    expect(words).toEqual(
      expect.arrayContaining([
        "chatbot:MENU",
        "workflow:SPECIALS",
        "keyword:COFFEE",
        "auto_reply:HOURS",
        "marketing:WIN",
      ]),
    );
    const conflicts = claims.flatMap((c) => {
      const found = findTriggerConflict(
        c,
        claims.filter((o) => o !== c),
      );
      return found ? [`${c.label}: ${found.message}`] : [];
    });
    expect(conflicts).toEqual([]);
  });
});
