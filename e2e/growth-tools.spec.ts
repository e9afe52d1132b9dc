import { expect, type Locator, type Page, test } from "@playwright/test";
import jsQR from "jsqr";
import { DEMO } from "./support";
import { uniquePhone } from "./virtual-phone";

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

/** Signs the page's context in as the demo owner (the form itself is tested in login.spec). */
async function logInAsDemo(page: Page) {
  const res = await page.request.post("/api/auth/login", {
    headers: { "x-parley-csrf": "1" },
    data: { username: DEMO.username, password: DEMO.password },
  });
  expect(res.status()).toBe(200);
}

/** Reads a QR code shown on the page the way a phone camera would: from its pixels. */
async function decodeQr(page: Page, img: Locator): Promise<string | null> {
  await expect(img).toBeVisible();
  const handle = await img.elementHandle();
  const pixels = await page.evaluate(async (el) => {
    const image = el as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = Math.round((600 * image.naturalHeight) / image.naturalWidth);
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#fff";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(image, 0, 0, canvas.width, canvas.height);
    const data = g.getImageData(0, 0, canvas.width, canvas.height);
    return { w: data.width, h: data.height, data: Array.from(data.data) };
  }, handle);
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.w, pixels.h)?.data ?? null;
}

test("the SMS QR code decodes to an sms: link with the number and keyword", async ({ page }) => {
  test.setTimeout(90_000);
  await logInAsDemo(page);
  await page.goto("/optins/sms-qr");
  await expect(page.getByRole("heading", { name: "SMS QR Code", level: 2 })).toBeVisible();
  const uri = page.getByTestId("sms-uri");
  // An active keyword of the number is filled in from the start (other journeys add keywords
  // of their own, so which one comes first is theirs to change).
  await expect(uri).toHaveText(/^sms:\+1\d{10}\?body=\S+$/);
  // The demo's keyword COFFEE answers on every number: picking it fills it in.
  await page.getByRole("combobox", { name: "Keyword" }).click();
  await page.getByRole("option", { name: "Coffee", exact: true }).click();
  await expect(uri).toHaveText(/^sms:\+1\d{10}\?body=Coffee$/);
  const expected = (await uri.textContent())!;
  expect(await decodeQr(page, page.getByTestId("qr-image"))).toBe(expected);

  // Another text: the code follows.
  await page.getByLabel("Message filled in").fill("JOIN COFFEE");
  await expect(uri).toHaveText(/\?body=JOIN%20COFFEE$/);
  expect(await decodeQr(page, page.getByTestId("qr-image"))).toBe(await uri.textContent());

  // Both downloads are offered, named after the text.
  const svg = page.waitForEvent("download");
  await page.getByRole("button", { name: "SVG" }).click();
  expect((await svg).suggestedFilename()).toBe("join-coffee-qr.svg");
  const png = page.waitForEvent("download");
  await page.getByRole("button", { name: "PNG" }).click();
  const file = await png;
  expect(file.suggestedFilename()).toBe("join-coffee-qr.png");
});

test("a QR code template is made on the page, and its scans are counted", async ({ page }) => {
  test.setTimeout(90_000);
  await logInAsDemo(page);
  await page.goto("/optins/qr-code-templates");
  const name = `Flyer ${Date.now() % 100000}`;
  await page.getByRole("button", { name: "New template" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Message filled in").fill("COFFEE");
  await dialog.getByLabel("Frame text").fill("Scan for a free pastry");
  await dialog.getByRole("button", { name: "Create template" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId("qr-template").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("qr-scans")).toHaveText("0 scans");
  // The printed code holds Parley's counting link; following it opens the messaging app.
  const scanUrl = await decodeQr(page, card.getByTestId("qr-image"));
  expect(scanUrl).toMatch(/\/q\/[a-z0-9]+$/);
  const scan = await page.request.get(scanUrl!);
  expect(scan.status()).toBe(200);
  expect(await scan.text()).toMatch(/href="sms:\+1\d{10}\?body=COFFEE"/);
  await page.reload();
  await expect(card.getByTestId("qr-scans")).toHaveText("1 scan");
  await expect(card).not.toContainText("Last scanned never");
});

test("an opt-in page and the web banner on another site sign a visitor up, and /growth counts it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await logInAsDemo(page);
  // The opt-in page, made on /growth.
  const slug = `shop-${Date.now() % 100000}`;
  await page.goto("/growth");
  const total = page.getByTestId("growth-total");
  await expect(total).toBeVisible({ timeout: 20_000 });
  const before = Number(await total.textContent());
  await page.getByRole("button", { name: "New opt-in page" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Headline").fill("Texts from our web shop");
  await dialog.getByLabel("Address").fill(slug);
  await dialog.getByRole("button", { name: "Create page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("optin-pages")).toContainText(`/${slug}`);

  // The banner, switched on and pointed at it.
  await page.goto("/optins/web-banner");
  await page.getByLabel("Message").fill("Get our roasts by text");
  await page.getByRole("combobox", { name: "The button opens" }).click();
  await page.getByRole("option", { name: new RegExp(slug) }).click();
  await page.getByLabel("Show the banner on my site").check();
  await page.getByLabel("After a visitor closes it, hide it for (days)").fill("3");
  await page.getByRole("button", { name: "Save banner" }).click();
  await expect(page.getByText("Banner saved and live")).toBeVisible();
  const snippet = await page.getByTestId("banner-snippet").textContent();
  expect(snippet).toContain('data-account="parley-demo"');

  // A shop on another origin pastes the snippet; its CSS cannot touch the bar.
  const SHOP = `${baseURL!.replace("127.0.0.1", "localhost")}/shop-e2e-banner`;
  const shop = await browser.newPage();
  await shop.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Shop</title><style>a,p{all:unset;color:red;font-size:40px}</style></head>
        <body><h1>Our beans</h1>${snippet}</body></html>`,
    }),
  );
  await shop.goto(`${SHOP}/home`);
  const bar = shop.locator("[data-parley-banner]");
  await expect(bar.getByText("Get our roasts by text")).toBeVisible({ timeout: 15_000 });
  const styles = await bar
    .getByRole("link", { name: "Sign up" })
    .evaluate((el) => getComputedStyle(el).fontSize);
  expect(styles).not.toBe("40px");
  const popup = shop.waitForEvent("popup");
  await bar.getByRole("link", { name: "Sign up" }).click();
  const visitor = await popup;

  // The opt-in page: the sign-up page's form and consent under its own headline.
  await expect(visitor).toHaveURL(new RegExp(`/optIn/parley-demo/${slug}\\?via=banner$`));
  await expect(visitor.getByRole("heading", { name: "Texts from our web shop" })).toBeVisible();
  await expect(visitor.getByTestId("consent-line")).toContainText("Msg & data rates may apply");
  const digits = uniquePhone().slice(2);
  const last = `Banner${digits.slice(-4)}`;
  await visitor.getByLabel("First Name").fill("Theo");
  await visitor.getByLabel("Last Name").fill(last);
  await visitor.getByLabel("Phone Number").fill(digits);
  await expect(visitor.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  await visitor.getByRole("button", { name: "Sign up" }).click();
  await expect(visitor.getByTestId("signup-result")).toHaveText(
    "You're signed up! Watch for a text from us.",
  );

  // Closed on the shop, the bar stays away for the 3 days chosen, the next visit too.
  await bar.getByRole("button", { name: "Close" }).click();
  await expect(bar).toHaveCount(0);
  const hiddenFor = await shop.evaluate(
    () => Number(localStorage.getItem("parley-banner-parley-demo")) - Date.now(),
  );
  expect(hiddenFor).toBeGreaterThan(2.99 * 86_400_000);
  expect(hiddenFor).toBeLessThanOrEqual(3 * 86_400_000);
  await shop.reload();
  await expect(shop.getByRole("heading", { name: "Our beans" })).toBeVisible();
  await shop.waitForTimeout(2_000);
  await expect(bar).toHaveCount(0);

  // The business sees them with the method 'Opt In Web Banner', and the figures on /growth.
  await page.goto(`/subscribers/manage?q=${digits}`);
  const row = page.getByRole("row").filter({ hasText: last });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Opt In Web Banner");

  await page.goto("/growth");
  // One more joined in the last 30 days, and the banner's method among them.
  await expect(total).toHaveText(String(before + 1), { timeout: 20_000 });
  await expect(page.getByTestId("growth-methods")).toContainText("Opt In Web Banner");
  await expect(page.getByTestId("tool-web-banner")).toContainText("On");
  await expect(page.getByTestId("tool-web-banner")).toContainText(/[1-9]\d* clicks/);
  const pageRow = page
    .getByTestId("optin-pages")
    .getByRole("row")
    .filter({ hasText: `/${slug}` });
  // Visits, sign-ups, rate.
  await expect(pageRow.getByRole("cell").nth(2)).toHaveText("1");
  await expect(pageRow.getByRole("cell").nth(1)).toHaveText("1");

  // Switched off again, so other journeys' pages stay as they were.
  await page.goto("/optins/web-banner");
  await page.getByLabel("Show the banner on my site").uncheck();
  await page.getByRole("button", { name: "Save banner" }).click();
  await expect(page.getByText("Banner saved (off)")).toBeVisible();
});
