import { expect, test } from "@playwright/test";
import { logInAsDemo, watchConsole } from "./support";
import { received, textFrom, uniquePhone } from "./virtual-phone";

test("a keyword made on the page subscribes whoever texts it, and STOP still works", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const word = `Latte${Math.floor(Math.random() * 9000 + 1000)}`;
  const phone = uniquePhone();

  await page.goto("/optins/keywords");
  await page.getByRole("button", { name: "Add keyword" }).first().click();
  await expect(page).toHaveURL(/\/optins\/keywords\/edit/);
  // The address changes before the editor's code has loaded; the list's own search field
  // ("Search keywords") would otherwise take the typing.
  await expect(page.getByRole("heading", { name: "Add Keyword", level: 2 })).toBeVisible();

  // A compliance word is refused with a clear message.
  await page.getByLabel("Keyword").fill("stop");
  await page.getByLabel("Keyword").blur();
  await expect(page.getByText(/STOP is reserved for opt-out, opt-in and help/)).toBeVisible();

  await page.getByLabel("Keyword").fill(word);
  await page.getByLabel("Opt-in reply").fill("Welcome to the latte list!");
  // The editor shows what carriers require being added, and counts segments.
  const preview = page.getByTestId("reply-preview").first();
  await expect(preview).toContainText("Parley Demo Coffee Co.: Welcome to the latte list!");
  await expect(preview).toContainText("Msg & data rates may apply.");
  await expect(preview).toContainText("Reply HELP for help, STOP to opt out.");
  await expect(page.getByTestId("reply-segments").first()).toContainText("1 segment");
  await page.getByRole("button", { name: "Create keyword" }).click();
  await expect(page).toHaveURL(/\/optins\/keywords$/);
  await expect(page.getByTestId(`keyword-${word}`)).toBeVisible();

  // Texted in any case from a virtual phone: answered, subscribed as Keyword.
  await textFrom(page, phone, `  ${word.toLowerCase()} `);
  await expect
    .poll(() => received(page, phone), { timeout: 20_000 })
    .toContain(
      "Parley Demo Coffee Co.: Welcome to the latte list! Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    );
  const found = await page.request.get(
    `/api/inbox/conversations/find?number=${encodeURIComponent(phone)}`,
  );
  const { id } = (await found.json()) as { id: number };
  const sub = (await (await page.request.get(`/api/subscribers/${id}`)).json()) as {
    marketingConsent: boolean;
    signupMethodLabel: string;
  };
  expect(sub.marketingConsent).toBe(true);
  expect(sub.signupMethodLabel).toBe("Keyword");
  await page.reload();
  await expect(page.getByTestId(`keyword-${word}`)).toContainText("1");

  // STOP is compliance's, before any keyword: the number is opted out and told so.
  await textFrom(page, phone, "STOP");
  await expect
    .poll(async () => (await received(page, phone)).join("\n"), { timeout: 20_000 })
    .toMatch(/unsubscribed/i);
  expect(errors).toEqual([]);
});
