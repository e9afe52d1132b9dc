import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import {
  keepScreenshot,
  logInAsDemo,
  MOBILE,
  seriousA11yViolations,
  watchConsole,
} from "./support";

const stamp = Date.now().toString(36).slice(-5);
test.describe.configure({ timeout: 180_000 });

/** Zapier's side: a hook URL that records what Parley posts to it. */
async function zapierReceiver() {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      received.push(JSON.parse(raw || "{}"));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${stamp}`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test("connect Zapier (key, hook, event delivered), the integrations pages in their connected and disconnected states", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const zap = await zapierReceiver();
  await logInAsDemo(page, "/addons/integrations");
  await expect(page.getByRole("heading", { name: "Integrations", level: 2 })).toBeVisible();
  const card = page.getByTestId("integration-zapier");
  await expect(card.getByTestId("integration-state")).toHaveText("Not connected");
  await expect(page.getByTestId("integration-hubspot").getByTestId("integration-state")).toHaveText(
    "Not connected",
  );
  await keepScreenshot(page, "integrations-disconnected");
  await card.getByRole("link", { name: "Connect" }).click();

  await expect(page.getByRole("heading", { name: "Zapier", exact: true })).toBeVisible();
  await expect(page.getByText("No Zaps yet")).toBeVisible();
  await page.getByRole("button", { name: "Create Zapier key" }).click();
  const key = (await page.getByTestId("zapier-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^pk_/);

  // What Zapier does when a Zap is turned on, then a Zap action that creates a subscriber.
  const auth = { authorization: `Bearer ${key}` };
  const me = await page.request.get("/api/v1/zapier/me", { headers: auth });
  expect(me.status()).toBe(200);
  const hook = await page.request.post("/api/v1/zapier/hooks", {
    headers: auth,
    data: { hookUrl: zap.url, event: "subscriber.created" },
  });
  expect(hook.status()).toBe(201);
  const phone = `+1310555${String(Date.now()).slice(-4)}`;
  const created = await page.request.post("/api/v1/subscribers", {
    headers: auth,
    data: { number: phone, firstName: `Zap ${stamp}` },
  });
  expect(created.status()).toBe(201);
  await expect
    .poll(() => zap.received.find((e) => e.type === "subscriber.created"), { timeout: 30_000 })
    .toBeTruthy();

  await page.reload();
  const table = page.getByTestId("zapier-hooks");
  await expect(table).toContainText("A subscriber was created");
  await expect(table).toContainText(zap.url);
  await expect(table).toContainText("delivered");
  await keepScreenshot(page, "integrations-zapier");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "integrations-zapier-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/addons/integrations");
  await expect(card.getByTestId("integration-state")).toHaveText("Connected");
  await keepScreenshot(page, "integrations-connected");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "integrations-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole("link", { name: "Manage" }).click();
  await page.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No Zaps yet")).toBeVisible();
  await page.goto("/addons/integrations");
  await expect(card.getByTestId("integration-state")).toHaveText("Not connected");
  await zap.close();

  // HubSpot and Customer.io, not connected: what they do and how to connect.
  await page.goto("/addons/integrations/hubspot");
  await expect(page.getByRole("heading", { name: "HubSpot", exact: true })).toBeVisible();
  await expect(page.getByTestId("integration-state")).toHaveText("Not connected");
  await expect(page.getByText("Opt-outs are never undone by a sync")).toBeVisible();
  await keepScreenshot(page, "integrations-hubspot");
  await page.goto("/addons/integrations/customer-io");
  await expect(page.getByRole("heading", { name: "Customer.io", exact: true })).toBeVisible();
  await expect(page.getByTestId("integration-state")).toHaveText("Not connected");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "integrations-customer-io-mobile");
  expect(errors).toEqual([]);
});

test("an MCP client signs in with OAuth: the consent page asks, the person allows, the client gets a code", async ({
  page,
}) => {
  const errors = watchConsole(page);
  // The client's own redirect address (a local app, as desktop MCP clients use).
  const back = await zapierReceiver();
  const redirect = `${new URL(back.url).origin}/callback`;
  const reg = await page.request.post("/oauth/register", {
    data: { client_name: "Desk Assistant", redirect_uris: [redirect] },
  });
  expect(reg.status()).toBe(201);
  const clientId = (await reg.json()).client_id as string;
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    state: "e2e-state",
    scope: "subscribers:read messages:write",
  });
  await logInAsDemo(page);
  await page.goto(`/mcp/stytch/oauth?${query}`);
  await expect(
    page.getByRole("heading", { name: "Allow Desk Assistant to use Parley?" }),
  ).toBeVisible();
  await expect(page.getByLabel("Read subscribers")).toBeChecked();
  await page.getByLabel("Read and change messages and conversations").uncheck();
  await keepScreenshot(page, "mcp-oauth-consent");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "mcp-oauth-consent-mobile");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL((u) => u.pathname === "/callback");
  const landed = new URL(page.url());
  expect(landed.searchParams.get("state")).toBe("e2e-state");
  const code = landed.searchParams.get("code") ?? "";
  expect(code).toMatch(/^mcp_code_/);

  // The client trades the code (the test plays it, with the verifier of that challenge).
  const token = await page.request.post("/oauth/token", {
    form: {
      grant_type: "authorization_code",
      code,
      client_id: clientId,
      redirect_uri: redirect,
      code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    },
  });
  expect(token.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/mcp");
  const apps = page.getByTestId("connected-apps");
  await expect(apps).toContainText("Desk Assistant");
  await expect(apps).toContainText("subscribers:read");
  await keepScreenshot(page, "mcp-connected-apps");
  await apps.getByRole("button", { name: "Sign out" }).click();
  await expect(apps).toContainText("No application is signed in");
  await back.close();
  expect(errors).toEqual([]);
});

test("the integrations and MCP pages have no serious or critical accessibility violation", async ({
  page,
}) => {
  await logInAsDemo(page);
  const found: string[] = [];
  for (const width of [1280, MOBILE.width]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      "/addons/integrations",
      "/addons/integrations/zapier",
      "/addons/integrations/hubspot",
      "/addons/integrations/customer-io",
      "/mcp",
    ]) {
      await page.goto(path);
      for (const v of await seriousA11yViolations(
        page,
        ".mantine-Loader-root, .mantine-Skeleton-root",
      ))
        found.push(`${width} ${path}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});
