import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCOUNT_SETTINGS, GLOBAL_SETTINGS, USER_SETTINGS } from "../../../domain/settings";

/**
 * A setting that is saved but changes nothing is a bug (docs/controls.md). Every key of the
 * settings catalogue names the file that reads it to change what happens, outside this feature's
 * own store, or says why nothing reads it; and docs/controls.md lists it.
 */
type Reader = { readBy: string } | { unread: string };

const READERS: Record<string, Reader> = {
  "account.quiet_hours": { readBy: "src/server/features/outbound/outbound.queries.ts" },
  "account.send_settings": { readBy: "src/server/features/registrations/send-settings.ts" },
  "account.support_contact": { readBy: "src/server/features/compliance/compliance.queries.ts" },
  "account.program_description": {
    readBy: "src/server/features/compliance/compliance.queries.ts",
  },
  "account.disable_sam": { readBy: "src/server/features/outbound/outbound.queries.ts" },
  "account.template_sending_only": { readBy: "src/server/features/composer/content-check.ts" },
  "account.message_allotment_popup_disable": {
    readBy: "src/server/features/dashboard/dashboard.service.ts",
  },
  "account.priority_support": { readBy: "src/server/features/help/help.service.ts" },
  "account.advanced_reporting": { readBy: "src/server/features/analytics/analytics.service.ts" },
  "account.skip_tfn_verification": {
    readBy: "src/server/features/registrations/registrations.service.ts",
  },
  "account.complete_tfn_verification": {
    readBy: "src/server/features/registrations/registrations.service.ts",
  },
  "account.require_brand_registration": {
    readBy: "src/server/features/registrations/registrations.service.ts",
  },
  // A display preference: the page size is the web's to apply.
  "account.display_quantities": { readBy: "src/web/lib/use-page-size.ts" },
  "user.disable_send_all": { readBy: "src/server/features/sends/sends.queries.ts" },
  "global.chatbot_disabled": { readBy: "src/server/features/chatbots/chatbots.service.ts" },

  "account.quicksight_allowed": {
    unread:
      "a plan flag of the spec for dashboards Parley does not have; set by the plan, shown on no screen (docs/controls.md)",
  },
  "account.onboarding_step": {
    unread: "a key of the spec; the guided tour keeps its step per user (tour.queries.ts)",
  },
  "account.experiment_tool_id": {
    unread: "a key of the spec; no screen saves it and nothing uses it",
  },
  "global.new_web_account_long_code_selection": {
    unread: "a flag of the spec; nothing sets it and nothing uses it",
  },
};

const catalogue = [
  ...Object.keys(ACCOUNT_SETTINGS).map((k) => `account.${k}`),
  ...Object.keys(USER_SETTINGS).map((k) => `user.${k}`),
  ...Object.keys(GLOBAL_SETTINGS).map((k) => `global.${k}`),
];
const keyOf = (entry: string) => entry.slice(entry.indexOf(".") + 1);

describe("the settings catalogue", () => {
  it("names, for every key, the file that acts on it or why none does", () => {
    expect(Object.keys(READERS).sort()).toEqual([...catalogue].sort());
  });

  it("has each named reader outside the settings feature, using the key", () => {
    for (const [entry, reader] of Object.entries(READERS)) {
      if (!("readBy" in reader)) continue;
      const path = reader.readBy;
      expect(path.startsWith("src/server/features/settings/"), entry).toBe(false);
      expect(path.endsWith(".test.ts"), entry).toBe(false);
      expect(existsSync(path), `${entry}: ${path}`).toBe(true);
      expect(readFileSync(path, "utf8"), `${entry} in ${path}`).toMatch(
        new RegExp(`\\b${keyOf(entry)}\\b`),
      );
    }
  });

  it("has every key in docs/controls.md", () => {
    const doc = readFileSync("docs/controls.md", "utf8");
    for (const entry of catalogue) expect(doc, entry).toContain(`\`${keyOf(entry)}\``);
  });
});
