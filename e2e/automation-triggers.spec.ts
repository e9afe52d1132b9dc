import { expect, test } from "@playwright/test";
import { logInAsDemo, watchConsole } from "./support";

test("a keyword that clashes with a chatbot's word is refused with the conflict named", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  await page.goto("/optins/keywords");
  await page.getByRole("button", { name: "Add keyword" }).first().click();
  await expect(page).toHaveURL(/\/optins\/keywords\/edit/);

  // The page settles first (its lists load), so what is typed stays typed.
  await page.waitForLoadState("networkidle");
  // The demo's "Table booking" chatbot answers MENU on the demo number.
  const keyword = page.getByRole("textbox", { name: "Keyword" });
  await keyword.click();
  await keyword.pressSequentially("menu");
  await keyword.blur();
  await page.getByLabel("Opt-in reply").fill("Here is our menu.");
  await expect(keyword).toHaveValue("menu");
  await page.getByRole("button", { name: "Create keyword" }).click();
  await expect(page.getByTestId("keyword-error")).toHaveText(
    /^MENU is already answered by the chatbot 'Table booking' on \(\d{3}\) \d{3}-\d{4}$/,
  );
  await expect(page).toHaveURL(/\/optins\/keywords\/edit/);

  // Nothing was saved.
  const list = await page.request.get("/api/keywords");
  const body = JSON.stringify(await list.json());
  expect(body).not.toMatch(/"keyword":"MENU"/);
  // The refused save is the one failed request the browser reports.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});
