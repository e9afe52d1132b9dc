// What other features may use of the subscribers feature beside its services (docs/
// ARCHITECTURE.md, "Feature boundaries"). The subscribers table is for read-only joins: a send's
// or a call's recipients, a report's or a group's subscribers. Writes go through
// subscribers.service.ts.
export { subscribers } from "./subscribers.schema";
