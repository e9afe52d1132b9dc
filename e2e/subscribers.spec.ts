import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

// Names and numbers carry this run's stamp, so the spec only ever meets its own rows.
// Letters only: a search with three digits in it also matches phone numbers.
const stamp = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
const first = `Quinn${stamp}`;

/** A US mobile number nobody else uses: 737 (Austin), exchange 2xx–9xx, random line. */
function uniqueNumber(): string {
  const exchange = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  return `737${exchange}${line}`;
}
const formatted = (digits: string) =>
  `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

async function apiPost(page: Page, url: string, body: unknown) {
  const res = await page.request.post(url, { data: body, headers: { "x-parley-csrf": "1" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name?: string };
}

const rows = (page: Page) => page.locator("tbody tr");

test("add, find, filter, opt out, group in bulk and delete subscribers", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const group = await apiPost(page, "/api/groups", { name: `Subs E2E ${stamp}` });
  await page.goto("/subscribers/manage");
  await expect(page.getByRole("heading", { name: "Manage Subscribers", level: 1 })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();

  // Add: the spec's messages for a missing and a bad number, then a good one.
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  const form = page.getByRole("dialog", { name: "Add Subscriber" });
  await form.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(form.getByText("Phone number is required")).toBeVisible();
  await form.getByLabel("Phone number").fill("555-12");
  await form.getByRole("button", { name: "Add Subscriber" }).click();
  const origin = new URL(page.url()).origin;
  await expect(
    form.getByText(
      `Number not accepted. Please enter a valid US or Canada mobile number. If you believe this is an error, please contact support at ${origin}/contact`,
    ),
  ).toBeVisible();
  const number = uniqueNumber();
  await form.getByLabel("Phone number").fill(number);
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill("Alpha");
  await form.getByLabel("E-mail").fill(`quinn.${stamp}@example.com`);
  // Adding records consent: the dialog asks the user to confirm the person agreed.
  await form.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(form.getByText("Confirm this to add the subscriber.")).toBeVisible();
  await form.getByLabel("This person agreed to receive marketing text messages from us.").check();
  await form.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(page.getByText("Subscriber created!")).toBeVisible();
  // The new subscriber opens in the side panel, its id in the URL.
  const drawer = page.getByTestId("subscriber-drawer");
  await expect(drawer.getByTestId("subscriber-title")).toHaveText(`${first} Alpha`);
  await expect(page).toHaveURL(/subscriber=\d+/);
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(page).not.toHaveURL(/subscriber=/);

  // A second one through the API; the search finds both by the stamped first name.
  await apiPost(page, "/api/subscribers", {
    attestation: true,
    number: uniqueNumber(),
    firstName: first,
    lastName: "Beta",
  });
  await page.getByLabel("Search subscribers").fill(first);
  await expect(page).toHaveURL(new RegExp(`q=${first}`));
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: `${first} Alpha` })).toContainText(formatted(number));
  // The list masks e-mails.
  await expect(rows(page).filter({ hasText: `${first} Alpha` })).toContainText(
    `q...${stamp.at(-1)}@example.com`,
  );

  // Bulk: tick both, add them to the group.
  await page.getByRole("checkbox", { name: `Select ${first} Alpha` }).check();
  await page.getByRole("checkbox", { name: `Select ${first} Beta` }).check();
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
  await page.getByRole("button", { name: "Add to Group" }).click();
  const groupDialog = page.getByRole("dialog", { name: "Add to Group" });
  await groupDialog.getByTestId("bulk-group").fill(`Subs E2E ${stamp}`);
  await page.getByRole("option", { name: `Subs E2E ${stamp}` }).click();
  await groupDialog.getByRole("button", { name: "Add to Group" }).click();
  await expect(page.getByText(`2 subscribers added to Subs E2E ${stamp}`)).toBeVisible();
  await expect(rows(page).first()).toContainText(`Subs E2E ${stamp}`);

  // Filter by that group: the badge counts it (the search does not count).
  await page.getByLabel("Search subscribers").fill("");
  await expect(page).not.toHaveURL(/q=/);
  await page.getByRole("button", { name: "Filters" }).click();
  const filters = page.getByTestId("filter-drawer");
  await filters.getByTestId("filter-group").fill(`Subs E2E ${stamp}`);
  await page.getByRole("option", { name: `Subs E2E ${stamp}` }).click();
  await filters.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByTestId("filter-count-badge")).toHaveText("1");
  await expect(page).toHaveURL(new RegExp(`group=${group.id}`));
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId("subscriber-total")).toHaveText("2 subscribers found");
  await expect(page.getByTestId("active-filters")).toContainText(`Group: Subs E2E ${stamp}`);
  await keepScreenshot(page, "subscribers-desktop");

  // The filter survives a reload.
  await page.reload();
  await expect(page.getByTestId("filter-count-badge")).toHaveText("1");
  await expect(rows(page)).toHaveCount(2);

  // Details: opt out, and the consent history says so, with who did it.
  await rows(page)
    .filter({ hasText: `${first} Alpha` })
    .getByText(`${first} Alpha`)
    .click();
  await expect(drawer.getByTestId("subscriber-title")).toHaveText(`${first} Alpha`);
  await drawer.getByRole("button", { name: "Opt Out" }).click();
  await page.getByTestId("confirm-consent").click();
  await expect(page.getByText("Subscriber opted out")).toBeVisible();
  await expect(drawer.getByTestId("status-opted-out")).toBeVisible();
  await drawer.getByRole("tab", { name: "Consent History" }).click();
  const history = drawer.getByTestId("consent-history");
  await expect(history).toContainText("Opted out");
  await expect(history).toContainText("By hand · by Dana Demo");
  // Only this subscriber is marked in the list.
  await expect(rows(page).filter({ hasText: `${first} Alpha` })).toContainText("Opted out");
  await expect(rows(page).filter({ hasText: `${first} Beta` })).not.toContainText("Opted out");

  // Delete with confirmation.
  await drawer.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-delete").click();
  await expect(page.getByText("Subscriber deleted")).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(rows(page)).toHaveCount(1);

  // The rest in bulk, confirmed with the count.
  await page.getByRole("checkbox", { name: `Select ${first} Beta` }).check();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete 1 subscriber?" })).toBeVisible();
  await page.getByTestId("confirm-bulk-delete").click();
  await expect(page.getByText("1 subscriber deleted")).toBeVisible();
  await expect(page.getByText("No matching records found!")).toBeVisible();

  expect(errors).toEqual([]);
});

test("the list, a filter and a subscriber's panel work at 390 px", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize(MOBILE);
  await logInAsDemo(page);
  const created = await apiPost(page, "/api/subscribers", {
    attestation: true,
    number: uniqueNumber(),
    firstName: first,
    lastName: "Mobile",
  });
  await page.goto(`/subscribers/manage?q=${first}`);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Filters" }).click();
  const filters = page.getByTestId("filter-drawer");
  await expect(filters.getByText("Filter subscribers")).toBeVisible();
  // A country hides the area code.
  await expect(filters.getByTestId("filter-area-code")).toBeVisible();
  await filters.getByTestId("filter-country").click();
  await page.getByRole("option", { name: "United States" }).click();
  await expect(filters.getByTestId("filter-area-code")).toBeHidden();
  await filters.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByTestId("filter-count-badge")).toHaveText("1");
  await expect(rows(page)).toHaveCount(1);
  await keepScreenshot(page, "subscribers-mobile");

  await rows(page).first().getByText(`${first} Mobile`).click();
  const drawer = page.getByTestId("subscriber-drawer");
  await expect(drawer.getByTestId("subscriber-title")).toHaveText(`${first} Mobile`);
  await expect(page).toHaveURL(new RegExp(`subscriber=${created.id}`));
  await keepScreenshot(page, "subscriber-detail-mobile");

  // The panel is part of the URL: a reload opens it again.
  await page.reload();
  await expect(drawer.getByTestId("subscriber-title")).toHaveText(`${first} Mobile`);
  await expect(drawer.getByTestId("subscriber-phone")).toBeVisible();

  // Without a name the number is the panel's title, and is not said again under it.
  const nameless = await apiPost(page, "/api/subscribers", {
    attestation: true,
    number: uniqueNumber(),
  });
  await page.goto(`/subscribers/manage?subscriber=${nameless.id}`);
  await expect(drawer.getByTestId("subscriber-title")).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/);
  await expect(drawer.getByTestId("subscriber-phone")).toHaveCount(0);
  expect(errors).toEqual([]);
});

// Settings › Display: the rows per page saved for the account are the list's page size.
test("the Subscribers rows per page saved in Settings › Display is the list's page size", async ({
  page,
}) => {
  await logInAsDemo(page, "/settings");
  const url = "/api/account/settings/display_quantities";
  const before = ((await (await page.request.get(url)).json()) as { value: unknown }).value;
  try {
    await page.getByRole("combobox", { name: "Subscribers" }).click();
    await page.getByRole("option", { name: "10 rows" }).click();
    await page.getByRole("button", { name: "Save Display" }).click();
    await expect(page.getByText("Display settings saved")).toBeVisible();

    await page.goto("/subscribers/manage");
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page)).toHaveCount(10);
  } finally {
    // Other journeys read the demo account's lists at their usual size.
    const put = await page.request.put(url, {
      data: { val: before },
      headers: { "x-parley-csrf": "1" },
    });
    expect(put.status()).toBe(200);
  }
});
