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
  // Writes that leave no audit row, and why (every other change is recorded).
  notAudited: {
    "POST /api/sends/audience": "counts who a send would reach; saves nothing",
  },
});
