import { expect, test } from "@playwright/test";
import { logInAsDemo, watchConsole } from "./support";

test("a keyword that clashes with a chatbot's word is refused with the conflict named", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  // A chatbot of the account and one of its words: the demo's "Table booking" (MENU), or the one
  // the chatbot journey made in its place on this server.
  const bots = (await (await page.request.get("/api/chatbots")).json()) as {
    rows: { name: string; triggerWords: string[] }[];
  };
  const bot = bots.rows.find((b) => b.triggerWords.length > 0);
  expect(bot, "the account has a chatbot with a trigger word").toBeDefined();
  const word = bot!.triggerWords[0]!.toUpperCase();
  await page.goto("/optins/keywords");
  await page.getByRole("button", { name: "Add keyword" }).first().click();
  await expect(page).toHaveURL(/\/optins\/keywords\/edit/);

  // The page settles first (its lists load), so what is typed stays typed.
  await page.waitForLoadState("networkidle");
  const keyword = page.getByRole("textbox", { name: "Keyword" });
  await keyword.click();
  await keyword.pressSequentially(word.toLowerCase());
  await keyword.blur();
  await page.getByLabel("Opt-in reply").fill("Here is our menu.");
  await expect(keyword).toHaveValue(word.toLowerCase());
  await page.getByRole("button", { name: "Create keyword" }).click();
  await expect(page.getByTestId("keyword-error")).toHaveText(
    new RegExp(
      `^${word} is already answered by the chatbot '${bot!.name}' on \\(\\d{3}\\) \\d{3}-\\d{4}$`,
    ),
  );
  await expect(page).toHaveURL(/\/optins\/keywords\/edit/);

  // Nothing was saved.
  const list = await page.request.get("/api/keywords");
  const body = JSON.stringify(await list.json());
  expect(body).not.toContain(`"keyword":"${word}"`);
  // The refused save is the one failed request the browser reports.
  expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});
