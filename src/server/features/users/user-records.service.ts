// The users table as other features need it: sign-in looks a user up by login, e-mail or id and
// sets a password; sign-up and managed accounts create an Owner and check an address is free;
// the mailbox reads a user's address; Settings sets one's language. The rules of managing users
// are in users.service.ts.
export {
  anyUserExists,
  clearTwoFactor,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserEmail,
  insertOwner,
  markEmailVerified,
  phoneVerifiedByOther,
  sealTotpSecret,
  setPasswordHash,
  setTwoFactor,
  setUserLocale,
  setVerifiedPhone,
} from "./user-records.queries";
export { findClash } from "./users.queries";
