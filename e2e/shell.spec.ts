import { expect, test } from "@playwright/test";
import { APP_ROUTES, routeTitle } from "../src/web/app/paths";
import { DEMO, keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";

const NOT_FOUND = "Oops, looks like this page does not exist, return to Dashboard";

/** A concrete URL for a route pattern (':id' → 1, optional segments dropped). */
/** Routes whose parameters are words, not ids: a real address of each. */
const SAMPLES: Record<string, string> = {
  "/workflows/form/:type/:triggerStep/:triggerType?": "/workflows/form/new/trigger",
};

function sample(pattern: string): string {
  if (SAMPLES[pattern]) return SAMPLES[pattern];
  return pattern
    .split("/")
    .filter((s) => !s.endsWith("?"))
    .map((s) => (s.startsWith(":") ? "1" : s))
    .join("/");
}

test("every route of the map opens with its title and no console error", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  for (const route of APP_ROUTES) {
    // Navigate inside the app (as a person clicking would) rather than reloading each time.
    await page.evaluate((url) => {
      window.history.pushState({}, "", url);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, sample(route.path));
    // Without an id, an add-or-edit page is titled for a new record ("Add Keyword").
    const title = routeTitle(route, "");
    await expect(page, route.path).toHaveTitle(`${title} | Parley`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  }
  // Sample addresses without a real id or OAuth request get the server's 404 / 400 (the pages
  // show it); the browser logs those answers as failed loads, named by the resource.
  const expected = ["/api/oauth/authorize?", "/api/workflows/1)"];
  expect(
    errors.filter(
      (e) => !(e.includes("Failed to load resource") && expected.some((p) => e.includes(p))),
    ),
  ).toEqual([]);
});

test("an unknown path shows the Not Found text", async ({ page }) => {
  await logInAsDemo(page, "/reports/does-not-exist");
  await expect(page.getByTestId("not-found")).toHaveText(NOT_FOUND);
  await page.getByRole("link", { name: "return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A one-segment path is matched after the app's own (deeplinks, single sign-on pages): signed in,
  // its Not Found keeps the app around it all the same.
  await page.goto("/no-such-page");
  await expect(page.getByTestId("not-found")).toHaveText(NOT_FOUND);
  await expect(page.getByTestId("top-bar")).toBeVisible();
  await keepScreenshot(page, "not-found-desktop");
});

test("the sidebar state survives a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await logInAsDemo(page);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar).toHaveAttribute("data-collapsed", "false");
  await keepScreenshot(page, "dashboard-desktop");
  await page.getByTestId("sidebar-toggle").click();
  await expect(sidebar).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
  await page.getByTestId("sidebar-toggle").click();
  await page.reload();
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "false");
});

test("below 1024 px the sidebar is collapsed and the menu opens as a drawer", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await logInAsDemo(page);
  await expect(page.getByTestId("sidebar")).toHaveAttribute("data-collapsed", "true");
  await page.setViewportSize(MOBILE);
  await page.goto("/messages/templates");
  await expect(page.getByTestId("sidebar").first()).toHaveAttribute("data-collapsed", "true");
  await expect(
    page.getByTestId("sub-bar").getByRole("link", { name: "Templates", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await keepScreenshot(page, "templates-mobile");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await keepScreenshot(page, "inbox-mobile");
});

test("section roots open their first page and sub bar tabs navigate", async ({ page }) => {
  await logInAsDemo(page, "/reports");
  await expect(page).toHaveURL(/\/reports\/sent-messages$/);
  await page.getByTestId("sub-bar").getByRole("link", { name: "Opt-Outs" }).click();
  await expect(page).toHaveTitle("Opt-Outs | Parley");
  await keepScreenshot(page, "reports-desktop");
});

test("inside another site's frame the app shows the reduced menu and opens the inbox", async ({
  page,
  baseURL,
}) => {
  // A host page of an allowed origin (FRAME_ANCESTORS) that embeds Parley.
  await page.route(`${baseURL}/__frame-host`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><iframe src="${baseURL}/" style="width:1200px;height:800px;border:0"></iframe>`,
    }),
  );
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/__frame-host");
  const frame = page.frameLocator("iframe");
  await frame.getByLabel("Email / Username").waitFor();
  await expect(frame.getByRole("link", { name: "Reset Password" })).toHaveCount(0);
  await frame.getByLabel("Email / Username").fill("demo");
  await frame.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await frame.getByRole("button", { name: "Log In", exact: true }).click();
  const sidebar = frame.getByTestId("sidebar");
  await expect(frame.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Manage Subscribers" })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await keepScreenshot(page, "frame-desktop");
});

test("only the configured sites may frame the app", async ({ request, baseURL }) => {
  const response = await request.get("/auth/login");
  expect(response.headers()["content-security-policy"]).toContain(
    `frame-ancestors 'self' ${baseURL}`,
  );
});

test("logging in again after logout keeps the requested page", async ({ page }) => {
  await page.goto("/subscribers/manage");
  await logIn(page);
  await expect(page).toHaveTitle("Manage Subscribers | Parley");
});
