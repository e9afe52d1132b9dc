/** Every browser-storage key the app uses, in one place (spec doc 1 §9). */
export const LOCAL_KEYS = {
  keepAuthenticated: "parley.keepAuthenticated",
  firstLogin: "parley.firstLogin",
  skipTfa: "parley.skipTfa",
  sidebar: "parley.sidebar",
} as const;

/** Display quantities are also kept per list in session storage under this prefix. */
export const DISPLAY_QUANTITY_PREFIX = "parley.displayQuantity.";

/** Logout and an expired session clear the session flags and the remembered page sizes. */
export function clearSessionState(): void {
  for (const key of [LOCAL_KEYS.keepAuthenticated, LOCAL_KEYS.firstLogin, LOCAL_KEYS.skipTfa]) {
    localStorage.removeItem(key);
  }
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(DISPLAY_QUANTITY_PREFIX)) sessionStorage.removeItem(key);
  }
}
