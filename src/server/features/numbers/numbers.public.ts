// What other features may use of the numbers feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). The phone_numbers table is for read-only joins (the number a message
// went from, a user's numbers). Numbers are bought, changed and released through
// numbers.service.ts.
export { phoneNumbers } from "./numbers.schema";
