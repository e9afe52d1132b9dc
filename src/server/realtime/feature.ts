import { defineFeature } from "../features/feature";
import { realtimeRoutes } from "./realtime.routes";

/** The socket.io connection's token (the socket itself is mounted by src/server/realtime). */
export const realtimeFeature = defineFeature({
  name: "realtime",
  routes: [realtimeRoutes],
  policy: {
    // One's own things.
    "GET /api/realtime/token": "self",
  },
});
