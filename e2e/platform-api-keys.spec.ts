import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

const stamp = Date.now().toString(36).slice(-5);
test.describe.configure({ timeout: 60_000 });

test("create an API key on Developer Home, call the API with it, see the request log, revoke it", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/developer-dashboard");
  await expect(page.getByRole("heading", { name: "API keys and webhooks" })).toBeVisible();

  await page.getByRole("button", { name: "New API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New API key" });
  const name = `Reader ${stamp}`;
  await dialog.getByLabel("Name").fill(name);
  // No scope chosen: the form says so.
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose at least one scope");
  // Every area of the API has its row; reports and billing are read-only (no Write to choose).
  const reports = dialog.getByRole("radiogroup", { name: "Reports access" });
  await expect(reports.getByText("Read")).toBeVisible();
  await expect(reports.getByText("Write")).toHaveCount(0);
  await expect(
    dialog
      .getByRole("radiogroup", { name: "Templates, short links and media access" })
      .getByText("Write"),
  ).toBeVisible();
  await keepScreenshot(page, "platform-api-key-scopes");
  await dialog.getByRole("radiogroup", { name: "Subscribers access" }).getByText("Read").click();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await dialog.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^pk_/);
  await expect(dialog.getByText(/will not be shown again/)).toBeVisible();
  await keepScreenshot(page, "platform-new-api-key");
  await dialog.getByRole("button", { name: "Done" }).click();

  // The key reads subscribers, and may not write.
  const auth = { authorization: `Bearer ${key}` };
  const list = await page.request.get("/api/v1/subscribers?withTotal=true", { headers: auth });
  expect(list.status()).toBe(200);
  expect(list.headers()["ratelimit-limit"]).toBeTruthy();
  expect((await list.json()).total).toBeGreaterThan(0);
  const write = await page.request.post("/api/v1/groups", { headers: auth, data: { name: "No" } });
  expect(write.status()).toBe(403);

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("subscribers:read");
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Request log" }).click();
  const log = page.getByTestId("request-log");
  await expect(log).toContainText("GET /api/v1/subscribers");
  await expect(log).toContainText("403");
  await page.keyboard.press("Escape");

  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Revoke" }).click();
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  const after = await page.request.get("/api/v1/subscribers", { headers: auth });
  expect(after.status()).toBe(401);

  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "platform-developer-home-mobile");
  expect(errors.filter((e) => !/status of (401|403)/.test(e))).toEqual([]);
});

test("the MCP page shows how to connect a client to this server", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/mcp");
  await expect(page.getByRole("heading", { name: "Connect an AI assistant" })).toBeVisible();
  await expect(page.getByTestId("mcp-config")).toContainText(
    `${new URL(page.url()).origin}/api/mcp`,
  );
  await expect(page.getByText("send_message", { exact: true })).toBeVisible();
  await keepScreenshot(page, "platform-mcp");
  expect(errors).toEqual([]);
});
