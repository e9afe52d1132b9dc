import { defineFeature } from "../../features/feature";
import { registerEmulator } from "./emulator.routes";
import { virtualPhonesRoutes } from "./virtual-phones.routes";

/** The carrier emulator and its virtual phones: only when no real carrier is configured. */
export const emulatorFeature = defineFeature({
  name: "emulator",
  routes: [
    (app, ctx) => {
      if (ctx.config.useEmulator) virtualPhonesRoutes(app, ctx);
    },
  ],
  carrierWebhooks: [
    (scope, ctx) => {
      if (ctx.config.useEmulator) registerEmulator(scope, ctx);
    },
  ],
  policy: {
    // The carrier emulator's virtual phones (only when no real carrier is configured).
    "GET /api/virtual-phones": "self",
    "GET /api/virtual-phones/:phone/messages": "self",
    "POST /api/virtual-phones/:phone/messages": "self",
    "POST /api/virtual-phones/messages": "self",
    "GET /api/virtual-phones/:phone/calls": "self",
    "GET /api/virtual-phones/calls/:sid/audio": "self",
  },
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/virtual-phones/:phone/messages":
      "a test phone's text (development only): a subscriber's, not the account's",
    "POST /api/virtual-phones/messages":
      "a test phone's text (development only): a subscriber's, not the account's",
  },
});
