// What other features may use of the groups feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). The tables are for read-only joins: a subscriber's groups, a filter on
// membership, a user's groups. Groups and memberships change through groups.service.ts.
export { groupMembers, groups } from "./groups.schema";
