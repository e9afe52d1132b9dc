// One-time tokens (auth_tokens) for the features that issue and redeem them: the users feature's
// invitations. Sign-in's own links (reset, magic link, activation) use them the same way.
export {
  consumeToken,
  deleteInvite,
  findLiveToken,
  insertToken,
  newToken,
  type TokenKind,
  type TokenRow,
  updateToken,
} from "./tokens.queries";
