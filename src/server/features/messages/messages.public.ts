// What other features may use of the messages feature beside its services (docs/
// ARCHITECTURE.md, "Feature boundaries"). The messages table is for read-only joins (a
// subscriber's history, who keeps failing); messages are written by the outbound and inbound paths.
export { messages } from "./messages.schema";
