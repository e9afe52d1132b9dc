/** Query flags the login page handles (spec doc 3 §2, and the ones our redirects add). */
export const LOGIN_FLAGS = [
  "ssoError",
  "emailFound",
  "src",
  "verification_email_sent",
  "device",
  "verify_phone",
  "custom_enterprise",
  "email_token_invalid",
  "device_token_invalid",
  "incorrect_device",
  "magic_token",
  "two_factor",
  "email_verified",
  "device_verified",
  "verify_email",
  "verify_device",
] as const;

/**
 * Where login leads (spec doc 1 §2): the redirectTo parameter if present, else the dashboard
 * (the inbox inside a frame); the login URL's other query parameters are carried over.
 * Only same-site paths are followed, so a crafted link cannot send a user elsewhere.
 */
export function afterLoginPath(search: string, embedded: boolean): string {
  const params = new URLSearchParams(search);
  const requested = params.get("redirectTo");
  params.delete("redirectTo");
  // The login page's own flags (spec doc 3 §2) end at the login page.
  for (const flag of LOGIN_FLAGS) params.delete(flag);
  const fallback = embedded ? "/inbox" : "/dashboard";
  const target = requested && isSafePath(requested) ? requested : fallback;
  const url = new URL(target, "http://parley.invalid");
  for (const [key, value] of params) {
    if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

function isSafePath(value: string): boolean {
  return (
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.startsWith("/\\") &&
    !value.startsWith("/auth/login")
  );
}
