import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, signUpBusiness, startOwnServer } from "./own-server";
import { keepScreenshot, MOBILE, watchConsole } from "./support";
import { CSRF, chooseNewSubscriber } from "./virtual-phone";

/**
 * A campaign sent at night in Texas waits for the state's legal hours, and its sent message says
 * so in the law's words. The shared journeys' server runs without the law's hours (its clock is
 * the real one and journeys run at any hour): this spec starts its own with them on
 * (SEND_WINDOWS=law) and its clock started at 1:30 AM in Dallas on a coming weekday
 * (CLOCK_START, with the movable clock), signs a business up, and sends from the composer.
 */

const OFFSET = 27_000;
const origin = `http://127.0.0.1:${Number(process.env.PARLEY_E2E_PORT) + OFFSET}`;
const PASSWORD = "bluebonnet-and-brisket-2026";
const CENTRAL = "America/Chicago";

test.use({ baseURL: origin });
test.describe.configure({ mode: "serial" });

/**
 * 1:30 AM in Dallas on the first Monday to Saturday at least two days ahead: Texas allows
 * marketing texts from 9:00 AM those days. Ahead of the real time, so the database's clock (which
 * the claim of due texts reads) never reaches the text's release while the journey runs.
 */
function nightInTexas(): Date {
  for (let days = 2; ; days++) {
    const day = new Date(Date.now() + days * 86_400_000);
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: CENTRAL,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
    }).formatToParts(day);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    if (get("weekday") === "Sun") continue;
    // 07:30 UTC is 1:30 AM CST or 2:30 AM CDT: night either way.
    return new Date(`${get("year")}-${get("month")}-${get("day")}T07:30:00Z`);
  }
}

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer(OFFSET, {
    SEND_WINDOWS: "law",
    AUTOMATION_CLOCK: "movable",
    CLOCK_START: nightInTexas().toISOString(),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A new business on its trial with a number of its own, its owner signed in. */
async function newBusiness(page: Page) {
  await signUpBusiness(page.request, server, {
    firstName: "Dolores",
    lastName: "Reyes",
    businessName: "Bluebonnet BBQ",
    phone: "(214) 555-0142",
    password: PASSWORD,
    domain: "bluebonnet-bbq.test",
  });
  const offered = await page.request.get("/api/dedicated-numbers/available?areaCode=214");
  expect(offered.status(), await offered.text()).toBe(200);
  const [first] = (await offered.json()).rows as { number: string }[];
  const bought = await page.request.post("/api/dedicated-numbers", {
    data: { number: first!.number, name: "Main" },
    headers: CSRF,
  });
  expect(bought.status(), await bought.text()).toBeLessThan(300);
}

test("a text sent at night in Texas: the composer warns, the sent message waits for Texas legal hours", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await newBusiness(page);

  await page.goto("/send-message");
  await expect(page.getByTestId("message-editor")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "From" })).not.toHaveValue("");
  // A Dallas subscriber (area code 214: Texas, Central time), added by the business.
  await chooseNewSubscriber(page, "214");
  const text = `Brisket is back tomorrow ${Date.now()}`;
  const editor = page.getByTestId("message-editor");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.insertText(text);

  // Before sending: the recipient may not get it now, and from when in their time.
  const note = page.getByTestId("outside-hours-note");
  await expect(note).toHaveText(
    "The recipient is outside legal hours now; they get it from 9:00 AM their time.",
    { timeout: 10_000 },
  );

  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message is on its way to 1 subscriber.")).toBeVisible({
    timeout: 15_000,
  });

  // After: the sent message's recipient says why it has not gone and when it will.
  const runs = (await (await page.request.get("/api/reports/sent-messages")).json()) as {
    rows: { id: number; text: string }[];
  };
  const run = runs.rows.find((r) => r.text.includes(text));
  expect(run).toBeDefined();
  await page.goto(`/reports/sent-messages/details?id=${run!.id}`);
  // The list renders a table and, on a phone, cards: the one on screen at each width.
  const reason = page.getByTestId("waiting-reason").filter({ visible: true }).first();
  await expect(reason).toHaveText("Not sent yet: waiting for 9:00 AM CT (Texas legal hours)", {
    timeout: 15_000,
  });
  await reason.scrollIntoViewIfNeeded();
  await keepScreenshot(page, "legal-hours-waiting-desktop");
  await page.setViewportSize(MOBILE);
  await reason.scrollIntoViewIfNeeded();
  await expect(reason).toBeVisible();
  await keepScreenshot(page, "legal-hours-waiting-mobile");
  expect(errors).toEqual([]);
});
