import { expect, test } from "@playwright/test";
import { logInAsDemo, watchConsole } from "./support";

test("help: search an article, and a contact message reaches the mailbox with the account", async ({
  page,
}) => {
  // Several pages and a background export: more than the default 30 s on a busy CI machine.
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/help");
  await page.getByRole("textbox", { name: "Search help" }).fill("30006 landline");
  const results = page.getByTestId("help-results");
  await expect(results.getByRole("button")).toHaveCount(1);
  await results.getByRole("button", { name: /Why a text was not delivered/ }).click();
  await expect(page.getByTestId("help-article")).toContainText("Remove the number.");
  await page.getByRole("button", { name: "All help articles" }).click();
  await page.getByRole("textbox", { name: "Search help" }).fill("zebra crossing");
  await expect(page.getByTestId("help-no-results")).toBeVisible();

  await page.goto("/help/contact-us");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please add a subject")).toBeVisible();
  const subject = `Export question ${Date.now()}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("How do I export my opt-outs to CSV?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("contact-sent")).toBeVisible();

  // Without SMTP the mail lands in the local mailbox, which the owner reads.
  await page.goto("/mailbox");
  await page.getByText(`[Support] ${subject}`).click();
  await expect(page.getByText("Account: Parley Demo Coffee Co.").first()).toBeVisible();

  await page.goto("/help/meet-with-an-engineer");
  await expect(page.getByRole("link", { name: "Contact Us" })).toBeVisible();
  await page.goto("/help/blog");
  await page.getByRole("button", { name: /New reports for growing your list/ }).click();
  await expect(page.getByText("Both export to CSV in the background")).toBeVisible();
  expect(errors).toEqual([]);
});
