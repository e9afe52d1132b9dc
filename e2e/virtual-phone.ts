import { expect, type Page } from "@playwright/test";

/** The header the API asks of a browser's writes; page.request does not send it by itself. */
export const CSRF = { "x-parley-csrf": "1" };

/** The demo account's first number that can send (not waiting for its registration). */
export async function demoNumber(page: Page): Promise<string> {
  const res = await page.request.get("/api/inbox/context");
  expect(res.status()).toBe(200);
  const ctx = (await res.json()) as { numbers: { number: string; pending: boolean }[] };
  const n = ctx.numbers.find((x) => !x.pending);
  if (!n) throw new Error("the demo account has no number");
  return n.number;
}

/** A virtual phone texts the demo's number, as a subscriber would. */
export async function textFrom(page: Page, phone: string, body: string) {
  const res = await page.request.post("/api/virtual-phones/messages", {
    headers: CSRF,
    data: { from: phone, to: await demoNumber(page), body },
  });
  expect(res.status()).toBeLessThan(300);
}

/** What a virtual phone has received, oldest first (a phone that never texted has nothing). */
export async function received(page: Page, phone: string): Promise<string[]> {
  const res = await page.request.get(`/api/virtual-phones/${encodeURIComponent(phone)}/messages`);
  if (!res.ok()) return [];
  const body = (await res.json()) as { rows: { direction: string; body: string }[] };
  return body.rows.filter((m) => m.direction === "received").map((m) => m.body);
}

/**
 * A subscriber's phone no other test of the run has used: the browser tests share one server,
 * and two journeys on one phone (one opted out, one expecting texts) would fail each other. About
 * seven million numbers in the area code, outside the emulator's stock (555-01xx) and its
 * recipient rules (last four 0000-0004).
 */
export function uniquePhone(areaCode = "646"): string {
  for (;;) {
    const exchange = 200 + Math.floor(Math.random() * 800);
    // N11 codes are not dialable exchanges; 555 holds the emulator's numbers.
    if (exchange % 100 === 11 || exchange === 555) continue;
    return `+1${areaCode}${exchange}${1000 + Math.floor(Math.random() * 9000)}`;
  }
}

/**
 * A new subscriber of the demo (added by the business, so with consent) on a number of
 * `areaCode` with first name `name`, chosen in the composer's Subscribers picker; resolves with
 * the number.
 */
export async function chooseNewSubscriber(
  page: Page,
  areaCode = "646",
  name = `Pick${Math.floor(Math.random() * 1e6)}`,
): Promise<string> {
  const phone = uniquePhone(areaCode);
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName: name },
  });
  expect(created.status()).toBe(201);
  await page.locator("label", { hasText: /^Subscribers$/ }).click();
  const picker = page.getByRole("combobox", { name: "Subscribers" });
  // The search answers late on a busy machine: type again until the new subscriber is offered.
  await expect(async () => {
    await picker.fill(name);
    await page.getByRole("option", { name: new RegExp(name) }).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return phone;
}
