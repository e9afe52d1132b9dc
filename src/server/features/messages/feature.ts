import { defineFeature } from "../feature";
import { messagePartitionsJob } from "./message-partitions.job";

export const messagesFeature = defineFeature({
  name: "messages",
  jobs: [messagePartitionsJob],
});
