import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { startOidcProvider, type TestOidcProvider } from "../src/server/test/oidc-provider";
import { MOBILE, watchConsole } from "./support";

const SHOTS = "/tmp/shots-auth2";
const DEMO_EMAIL = process.env.DEMO_EMAIL ?? "demo@parley.local";
/**
 * The server's public address (no PUBLIC_URL in the e2e server: localhost and its port). The
 * redirect URI the provider sends the browser back to names it, so the sign-in starts there
 * too: the state cookie and the session belong to that host.
 */
const PUBLIC = `http://localhost:${process.env.PARLEY_E2E_PORT}`;

let provider: TestOidcProvider;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The client playwright.config.ts gives the server (GOOGLE_CLIENT_ID / _SECRET / _ISSUER).
  provider = await startOidcProvider({
    clientId: "parley-e2e-client",
    clientSecret: "parley-e2e-secret",
    port: Number(process.env.PARLEY_E2E_OIDC_PORT),
    consent: true,
  });
});

test.afterAll(async () => {
  await provider?.close();
});

/** Login page → 'Continue With Google' → the provider's consent page, answered with `decision`. */
async function continueWithGoogle(page: Page, decision: "Allow" | "Cancel", shot?: string) {
  await page.goto(`${PUBLIC}/auth/login`);
  await expect(page).toHaveTitle("Login | Parley");
  await page.getByRole("link", { name: "Continue With Google" }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/authorize\\?`));
  const at = new URL(page.url());
  expect(at.searchParams.get("redirect_uri")).toBe(`${PUBLIC}/api/auth/oauth/google/callback`);
  expect(at.searchParams.get("code_challenge_method")).toBe("S256");
  await expect(page.getByTestId("provider-person")).toHaveText(
    provider.state.next.email || provider.state.next.sub,
  );
  if (shot) await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  await page.getByRole("button", { name: decision }).click();
}

async function signedIn(page: Page) {
  return (await page.request.get(`${PUBLIC}/api/account/me`)).status() === 200;
}

test("Continue With Google signs the demo owner in once they allow it at the provider", async ({
  page,
}) => {
  const errors = watchConsole(page);
  provider.state.next = { sub: "e2e-google-demo", email: DEMO_EMAIL, email_verified: true };
  await continueWithGoogle(page, "Allow", "google-consent-1440");

  await expect(page).toHaveURL(`${PUBLIC}/dashboard`);
  await expect(page).toHaveTitle("Dashboard | Parley");
  await expect(page.getByTestId("sidebar")).toBeVisible();
  // The token call proved the PKCE verifier of this very sign-in.
  expect(provider.state.seen.at(-1)).toEqual({ challengeMethod: "S256", verifierOk: true });
  await page.getByTestId("account-menu").click();
  await expect(page.getByText(`${DEMO_EMAIL} · Owner`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/google-signed-in-1440.png` });
  expect(errors).toEqual([]);

  // Connected now: the same Google account signs in again, whatever address it shows.
  await page.context().clearCookies();
  expect(await signedIn(page)).toBe(false);
  provider.state.next = {
    sub: "e2e-google-demo",
    email: "another-address@example.test",
    email_verified: false,
  };
  await continueWithGoogle(page, "Allow");
  await expect(page).toHaveURL(`${PUBLIC}/dashboard`);
  expect(await signedIn(page)).toBe(true);
});

test("a Google account whose e-mail no user has gets the 'No Account Found' dialog", async ({
  page,
}) => {
  const errors = watchConsole(page);
  provider.state.next = {
    sub: "e2e-google-stranger",
    email: "stranger@example.test",
    email_verified: true,
  };
  await continueWithGoogle(page, "Allow");

  await expect(page).toHaveURL(`${PUBLIC}/auth/login?emailFound=0&src=google`);
  const dialog = page.getByRole("dialog", { name: "No Account Found" });
  await expect(dialog).toContainText(
    "No Parley account uses the e-mail address of your Google account.",
  );
  await expect(dialog.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/no-account-1440.png` });
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `${SHOTS}/no-account-390.png` });
  expect(await signedIn(page)).toBe(false);

  // Closing it leaves the login form to use.
  await dialog.getByRole("button", { name: "Log In" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Log In", exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an address Google does not vouch for is not connected; cancelling at Google signs no one in", async ({
  page,
}) => {
  // The demo owner's address, but unconfirmed at the provider: it could be anyone's.
  provider.state.next = { sub: "e2e-google-unverified", email: DEMO_EMAIL, email_verified: false };
  await continueWithGoogle(page, "Allow");
  await expect(page).toHaveURL(`${PUBLIC}/auth/login?emailFound=1&src=google`);
  const dialog = page.getByRole("dialog", { name: "Account Not Connected" });
  await expect(dialog).toContainText("Google has not confirmed that address");
  expect(await signedIn(page)).toBe(false);

  provider.state.next = { sub: "e2e-google-demo", email: DEMO_EMAIL, email_verified: true };
  await continueWithGoogle(page, "Cancel");
  await expect(page).toHaveURL(`${PUBLIC}/auth/login?ssoError=1&src=google`);
  await expect(page.getByTestId("login-notice")).toContainText(
    "We couldn't sign you in with Google.",
  );
  expect(await signedIn(page)).toBe(false);
});
