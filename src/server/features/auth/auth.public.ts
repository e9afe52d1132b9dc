// What other features may use of the auth feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). auth_tokens is for read-only joins: the users feature lists pending
// invitations (tokens of kind 'invite'). Tokens are issued, used and deleted through
// tokens.service.ts.
export { authTokens } from "./auth.schema";
