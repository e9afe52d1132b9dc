/** Texts the spec quotes letter for letter and that more than one place shows. */
export const TEXT = {
  appName: "Parley",
  notFound: "Oops, looks like this page does not exist, return to Dashboard",
  errorPage: "We're sorry, but something went wrong",
  notAllowed: "You are not allowed to access this page",
  serverError:
    "Server error while attempting to perform your action. Please contact our support line if the issue persists.",
  timedOut: "Your connection has timed out.",
  contactSupport: "Please contact our support line if the issue persists.",
  offline: "You seem to be offline. Please check your internet connection and try again.",
  invalidCredentials: "Invalid Email / Username or Password",
  tooManyForAccount:
    "Too many wrong passwords for this account. Wait 15 minutes, or reset your password.",
  usernameRequired: "Email / Username Is Required",
  passwordRequired: "Password Is Required",
  impersonating:
    "You are currently accessing a managed account. Log out to return to your original account.",
  emptyTable: "No matching records found!",
} as const;

export function pageTitle(title: string): string {
  return `${title} | ${TEXT.appName}`;
}
