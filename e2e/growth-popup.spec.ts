import { expect, test } from "@playwright/test";
import { DEFAULT_OPTIN_FORM, OPTIN_TEXTS } from "../src/domain/optin-forms";
import { DEMO } from "./support";
import { uniquePhone } from "./virtual-phone";

const CSRF = { "x-parley-csrf": "1" };

// Both origins are on this machine: Chromium's local-network checks would stop the shop page
// from loading a loopback script, which a shop on the internet loading Parley never meets.
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights",
    ],
  },
});

// The popup on a plain HTML page of another origin (spec doc 3 §4, §7, §8): its script tag,
// the delay trigger, a wrong code, Resend, then the right code.
test("the opt-in popup works embedded on another site, with the code step", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const login = await page.request.post("/api/auth/login", {
    headers: CSRF,
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  const made = await page.request.post("/api/optin-forms", {
    headers: CSRF,
    data: {
      ...DEFAULT_OPTIN_FORM,
      name: "E2E popup",
      display: {
        ...DEFAULT_OPTIN_FORM.display,
        delaySeconds: 1,
        urlMode: "contains",
        urlValue: "e2e-popup",
      },
    },
  });
  expect(made.status()).toBe(201);

  // Another origin (localhost, not 127.0.0.1) on the same machine: Chromium refuses a public
  // origin's request to loopback, which a real shop on the internet would not be.
  const SHOP = `${baseURL!.replace("127.0.0.1", "localhost")}/shop-e2e-popup`;
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Shop</title><style>input,h2,p{all:unset;color:red}</style></head>
        <body><h1>Our beans</h1>
        <script src="${baseURL}/opt-in-forms/embed.js" data-account="parley-demo" async></script></body></html>`,
    }),
  );
  await page.goto(`${SHOP}/e2e-popup`);
  const popup = page.locator("[data-parley-optin]");
  await expect(popup.getByRole("heading", { name: "Get 10% off your next order" })).toBeVisible({
    timeout: 10_000,
  });

  const phone = uniquePhone().slice(2);
  await popup.getByLabel("First name").fill("Mia");
  await popup.getByLabel("Phone number *").fill(phone);
  await popup.getByRole("button", { name: "Sign me up" }).click();
  await expect(popup.getByRole("heading", { name: "Confirm your number" })).toBeVisible();

  const codes = async () => {
    const res = await page.request.get(
      `/api/virtual-phones/${encodeURIComponent(`+1${phone}`)}/messages`,
    );
    if (!res.ok()) return [] as string[];
    const body = (await res.json()) as { rows: { body: string }[] };
    return body.rows
      .map((r) => /(\d{6}) is your confirmation code/.exec(r.body)?.[1])
      .filter(Boolean) as string[];
  };
  await expect.poll(async () => (await codes()).length, { timeout: 20_000 }).toBe(1);
  const first = (await codes())[0]!;

  await popup.getByLabel("Confirmation code").fill(first === "000000" ? "111111" : "000000");
  await popup.getByRole("button", { name: "Confirm" }).click();
  await expect(popup.getByRole("alert")).toHaveText(OPTIN_TEXTS.invalidCode);

  await popup.getByRole("button", { name: "Resend" }).click();
  await expect(popup.getByText("Code sent!")).toBeVisible();
  await expect.poll(async () => (await codes()).length, { timeout: 20_000 }).toBe(2);
  const all = await codes();
  await popup.getByLabel("Confirmation code").fill(all[all.length - 1]!);
  await popup.getByRole("button", { name: "Confirm" }).click();
  await expect(popup.getByRole("heading", { name: "You're subscribed!" })).toBeVisible();
});

// The other two triggers: a scroll percentage and exit intent (the delay is the journey above).
test("the popup waits for its scroll and exit-intent triggers", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const login = await page.request.post("/api/auth/login", {
    headers: CSRF,
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  for (const [name, display] of [
    ["E2E scroll popup", { trigger: "scroll", scrollPercent: 60, urlValue: "e2e-scroll" }],
    ["E2E exit popup", { trigger: "exit", urlValue: "e2e-exit" }],
  ] as const) {
    const made = await page.request.post("/api/optin-forms", {
      headers: CSRF,
      data: {
        ...DEFAULT_OPTIN_FORM,
        name,
        display: { ...DEFAULT_OPTIN_FORM.display, ...display, urlMode: "contains" },
      },
    });
    expect(made.status()).toBe(201);
  }
  const SHOP = `${baseURL!.replace("127.0.0.1", "localhost")}/shop-e2e-triggers`;
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Shop</title></head>
        <body><h1>Our beans</h1><div style="height:4000px">Long story</div>
        <script src="${baseURL}/opt-in-forms/embed.js" data-account="parley-demo" async></script></body></html>`,
    }),
  );
  const heading = page
    .locator("[data-parley-optin]")
    .getByRole("heading", { name: "Get 10% off your next order" });

  // Scroll: nothing at the top, nothing at a third, the popup past 60%.
  await page.goto(`${SHOP}/e2e-scroll`);
  await page.waitForTimeout(2_000);
  await expect(heading).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, (document.body.scrollHeight - innerHeight) / 3));
  await page.waitForTimeout(500);
  await expect(heading).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(heading).toBeVisible({ timeout: 10_000 });

  // Exit intent: moving about the page shows nothing; the pointer leaving through the top does.
  await page.goto(`${SHOP}/e2e-exit`);
  await page.waitForTimeout(2_000);
  await page.mouse.move(200, 300);
  await page.mouse.move(400, 200);
  await expect(heading).toHaveCount(0);
  await page.evaluate(() =>
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseout", { bubbles: true, clientX: 400, clientY: -2, relatedTarget: null }),
    ),
  );
  await expect(heading).toBeVisible({ timeout: 10_000 });
});

// 'Show again after (days)' and 'Dim the page behind it' (the editor's Display and Look).
test("a closed popup stays away for its days; one set to 0 days comes back; the page dims only when asked", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const login = await page.request.post("/api/auth/login", {
    headers: CSRF,
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  for (const [name, urlValue, frequencyDays, overlay] of [
    ["E2E week popup", "e2e-week", 7, true],
    ["E2E every visit popup", "e2e-every-visit", 0, false],
  ] as const) {
    const made = await page.request.post("/api/optin-forms", {
      headers: CSRF,
      data: {
        ...DEFAULT_OPTIN_FORM,
        name,
        display: {
          ...DEFAULT_OPTIN_FORM.display,
          delaySeconds: 0,
          urlMode: "contains",
          urlValue,
          frequencyDays,
        },
        container: { ...DEFAULT_OPTIN_FORM.container, overlay },
      },
    });
    expect(made.status()).toBe(201);
  }
  const SHOP = `${baseURL!.replace("127.0.0.1", "localhost")}/shop-e2e-again`;
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Shop</title></head>
        <body><h1>Our beans</h1>
        <script src="${baseURL}/opt-in-forms/embed.js" data-account="parley-demo" async></script></body></html>`,
    }),
  );
  const popup = page.locator("[data-parley-optin]");
  const heading = popup.getByRole("heading", { name: "Get 10% off your next order" });
  const dimmed = () =>
    page.evaluate(() => {
      const ov = document.querySelector("[data-parley-optin]")?.shadowRoot?.querySelector(".ov");
      return ov ? getComputedStyle(ov).backgroundColor : null;
    });

  // Seven days: shown with the page dimmed, closed, and not shown on the next visit.
  await page.goto(`${SHOP}/e2e-week`);
  await expect(heading).toBeVisible({ timeout: 10_000 });
  expect(await dimmed()).toBe("rgba(15, 23, 42, 0.55)");
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(heading).toHaveCount(0);
  await page.reload();
  await page.waitForTimeout(2_000);
  await expect(heading).toHaveCount(0);

  // Zero days: back on every visit, over a page that is not dimmed.
  await page.goto(`${SHOP}/e2e-every-visit`);
  await expect(heading).toBeVisible({ timeout: 10_000 });
  expect(await dimmed()).toBe("rgba(0, 0, 0, 0)");
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(heading).toHaveCount(0);
  await page.reload();
  await expect(heading).toBeVisible({ timeout: 10_000 });
});
