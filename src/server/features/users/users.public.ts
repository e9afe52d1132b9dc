// What other features may use of the users feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). The tables are for read-only joins: a user's name on a history line or
// a link, the account's logins, the numbers a user may text from. Writes go through
// users.service.ts and user-records.service.ts.
export { userPhoneNumbers, users } from "./users.schema";
