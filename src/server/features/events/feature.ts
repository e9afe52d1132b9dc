import { defineFeature } from "../feature";
import { eventRelayLoop } from "./event-relay.loop";

export const eventsFeature = defineFeature({
  name: "events",
  pipelineLoops: [eventRelayLoop],
});
