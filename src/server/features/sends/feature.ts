import { defineFeature } from "../feature";
import { fanOutLoop } from "./fan-out.loop";
import { schedulerLoop } from "./scheduler.loop";
import { sendsRoutes } from "./sends.routes";

export const sendsFeature = defineFeature({
  name: "sends",
  routes: [sendsRoutes],
  policy: {
    // Campaigns and reports.
    "POST /api/sends": "sends:write",
    "POST /api/sends/audience": "sends:write",
    "GET /api/sends/:id": "sends:read",
    "PUT /api/sends/:id": "sends:write",
    "DELETE /api/sends/:id": "sends:write",
  },
  pipelineLoops: [schedulerLoop, fanOutLoop],
});
