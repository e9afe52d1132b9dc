import { defineLoop } from "../../background/loop";
import { syncDueIntegrations } from "./integration-sync";

/** Connected HubSpot / Customer.io accounts, each every INTEGRATIONS_SYNC_SECONDS. */
export const integrationSyncLoop = defineLoop({
  name: "integrations",
  step: (ctx) => syncDueIntegrations(ctx),
});
