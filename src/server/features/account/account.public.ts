// What other features may use of the account feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). The accounts table is for read-only joins (an account's name, time zone
// or settings beside another feature's rows). Accounts are created and changed through
// account-records.service.ts and account.service.ts.
export { accounts } from "./account.schema";
