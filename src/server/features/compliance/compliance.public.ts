// What other features may use of the compliance feature beside its services (docs/
// ARCHITECTURE.md, "Feature boundaries"). The tables are for read-only joins: whether a number is
// suppressed, a subscriber's consent history. Consent and suppressions are recorded through
// compliance.service.ts.
export { consentEvents, suppressions } from "./compliance.schema";
