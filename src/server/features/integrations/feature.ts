import { defineFeature } from "../feature";
import { integrationSyncLoop } from "./integration-sync.loop";
import { integrationsRoutes } from "./integrations.routes";

export const integrationsFeature = defineFeature({
  name: "integrations",
  routes: [integrationsRoutes],
  policy: {
    // Integrations (add-ons): the pages manage connections; Zapier's REST hooks take an API key.
    "GET /api/integrations": "settings:write",
    "GET /api/integrations/zapier": "settings:write",
    "GET /api/integrations/hubspot": "settings:write",
    "GET /api/integrations/customer-io": "settings:write",
    "PUT /api/integrations/hubspot": "settings:write",
    "PUT /api/integrations/customer-io": "settings:write",
    "POST /api/integrations/hubspot/sync": "settings:write",
    "POST /api/integrations/customer-io/sync": "settings:write",
    "DELETE /api/integrations/zapier": "settings:write",
    "DELETE /api/integrations/hubspot": "settings:write",
    "DELETE /api/integrations/customer-io": "settings:write",
    "GET /api/integrations/hubspot/oauth/start": "settings:write",
    "GET /api/integrations/hubspot/oauth/callback": "settings:write",
    "GET /api/v1/zapier/me": "webhooks:read",
    "POST /api/v1/zapier/hooks": "webhooks:write",
    "DELETE /api/v1/zapier/hooks/:id": "webhooks:write",
    "GET /api/v1/zapier/samples/:event": "webhooks:read",
  },
  pipelineLoops: [integrationSyncLoop],
});
