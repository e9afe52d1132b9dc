import { expect, test } from "@playwright/test";
import { logInAsDemo, MOBILE } from "./support";

/**
 * The audit log: the demo owner changes an account setting and finds it at the top of the log
 * under their name, with the chain verified intact, on a desktop and on a phone.
 */
test("an owner's setting change shows in the audit log with their name", async ({ page }) => {
  await logInAsDemo(page, "/dashboard");
  // The change as the settings screen makes it (its own journeys test the form).
  const put = await page.request.put("/api/account/settings/quiet_hours", {
    data: { val: [["21:30", "08:15"]] },
    headers: { "x-parley-csrf": "1" },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto("/settings/audit-log?action=settings.update");
  const first = page.getByTestId("audit-row").first();
  await expect(first).toContainText("settings.update");
  await expect(first).toContainText("Dana Demo");
  await expect(page.getByTestId("audit-verified")).toBeVisible();
  await page.screenshot({ path: "artifacts/audit-log-desktop.png" });

  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId("audit-row").first()).toContainText("Dana Demo");
  await page.screenshot({ path: "artifacts/audit-log-phone.png" });
});

test("changes made on any screen read in words, filtered by what they changed", async ({
  page,
}) => {
  await logInAsDemo(page, "/dashboard");
  const headers = { "x-parley-csrf": "1" };
  const made = await page.request.post("/api/campaigns", {
    data: { name: `Audit spring ${Date.now()}` },
    headers,
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id, name } = await made.json();
  const renamed = await page.request.put(`/api/campaigns/${id}`, {
    data: { name: `${name} (renamed)` },
    headers,
  });
  expect(renamed.status(), await renamed.text()).toBe(200);

  await page.goto("/settings/audit-log?action=campaigns.*");
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText("Campaign changed");
  await expect(rows.first()).toContainText(`${name} (renamed) · campaigns.update`);
  await expect(rows.first()).toContainText("Dana Demo");
  await expect(rows.first()).toContainText(`Name: set to ${name} (renamed)`);
  await expect(rows.nth(1)).toContainText("Campaign added");
  await expect(page.getByRole("combobox", { name: "Action" })).toHaveValue("Campaign");
  await expect(page.getByTestId("audit-verified")).toBeVisible();
  await page.screenshot({ path: "artifacts/audit-log-changes-desktop.png" });

  await page.setViewportSize(MOBILE);
  await expect(rows.first()).toContainText("Campaign changed");
  await page.screenshot({ path: "artifacts/audit-log-changes-phone.png" });
});

// The demo's server is shared with the next spec files: quiet hours left on would hold their
// sends whenever the run falls in the account's night.
test.afterEach(async ({ page }) => {
  const off = await page.request.put("/api/account/settings/quiet_hours", {
    data: { val: [] },
    headers: { "x-parley-csrf": "1" },
  });
  expect(off.status(), await off.text()).toBe(200);
});
