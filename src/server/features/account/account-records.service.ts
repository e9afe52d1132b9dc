// Creating accounts, for the features that do (sign-up, managed accounts): a free account name
// and the account's row, in the caller's transaction.
// The public pages (sign-up page, opt-in forms and pages, web banner) find an account by its name.
export {
  accountByName,
  freeAccountName,
  insertAccount,
  insertChildAccount,
  markBrandRegistrationComplete,
  markBrandRegistrationSkipped,
} from "./account-records.queries";
