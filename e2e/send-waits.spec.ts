import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";
import { CSRF, chooseNewSubscriber } from "./virtual-phone";

/**
 * A text that must wait says so before and after it is sent: the composer counts who may not
 * get it now, and the sent message says when it goes, both from the dispatcher's own rule.
 *
 * The journeys' server runs without the law's hours (SEND_WINDOWS=off: its clock is the real one
 * and journeys run at any hour), so the hold here is the account's own quiet hours, which apply
 * on every server, read in the recipient's zone: a window that covers now in Dallas (Central
 * time) but not in New York (the demo's zone, so the composer has no reason to ask first). The
 * law's hours ("waiting for 9:00 AM CT (Texas legal hours)") are covered by the API tests, whose
 * clock is set (src/server/features/outbound/wait-reasons.api.test.ts), and by
 * e2e/legal-hours.spec.ts on a server of its own started at night in Texas.
 */

const CENTRAL = "America/Chicago";

/** Minutes past midnight in a zone, now. */
function minutesNow(timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return get("hour") * 60 + get("minute");
}

const hhmm = (m: number) => {
  const d = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(d / 60)).padStart(2, "0")}:${String(d % 60).padStart(2, "0")}`;
};

/** "10:25 PM", as the app writes a local time. */
const clockLabel = (m: number) => {
  const d = ((m % 1440) + 1440) % 1440;
  const h = Math.floor(d / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d % 60).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
};

test.afterEach(async ({ page }) => {
  // The demo's server is shared with the next spec files: no quiet hours left on.
  const off = await page.request.put("/api/account/settings/quiet_hours", {
    data: { val: [] },
    headers: CSRF,
  });
  expect(off.status(), await off.text()).toBe(200);
});

test("a text held by quiet hours in the recipient's zone: the composer warns, the sent message says when it goes", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/dashboard");

  // Quiet 2 hours ending 25-30 minutes from now in Dallas; New York is an hour past the window.
  const now = minutesNow(CENTRAL);
  const end = Math.floor((now + 30) / 5) * 5;
  const saved = await page.request.put("/api/account/settings/quiet_hours", {
    data: { val: [[hhmm(end - 120), hhmm(end)]] },
    headers: CSRF,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const opens = clockLabel(end);
  // Past midnight in Dallas, the sent message names the day.
  const tomorrow =
    end >= 1440
      ? ` ${new Intl.DateTimeFormat("en-US", { timeZone: CENTRAL, weekday: "long" }).format(
          new Date(Date.now() + 86_400_000),
        )}`
      : "";

  await page.goto("/send-message");
  await expect(page.getByTestId("message-editor")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "From" })).not.toHaveValue("");
  // A Dallas subscriber (area code 214: Texas, Central time), added by the business.
  await chooseNewSubscriber(page, "214");
  const text = `Late special ${Date.now()}`;
  const editor = page.getByTestId("message-editor");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.insertText(text);

  // Before sending: who may not get it now, and from when in their time.
  const note = page.getByTestId("outside-hours-note");
  await expect(note).toHaveText(
    `The recipient is in your quiet hours now; they get it from ${opens} their time.`,
    { timeout: 10_000 },
  );
  await keepScreenshot(page, "composer-outside-hours-desktop");
  await page.setViewportSize(MOBILE);
  await note.scrollIntoViewIfNeeded();
  await expect(note).toBeVisible();
  await keepScreenshot(page, "composer-outside-hours-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

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
  await expect(page.getByTestId("waiting-reason").first()).toHaveText(
    `Not sent yet: waiting for ${opens}${tomorrow} CT (your quiet hours)`,
  );
  expect(errors).toEqual([]);
});
