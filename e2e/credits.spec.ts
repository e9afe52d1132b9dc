import { expect, test } from "@playwright/test";
import pg from "pg";
import { keepScreenshot, logInAsDemo, watchConsole } from "./support";

// The e2e server's embedded PostgreSQL (playwright.config.ts): the test empties the demo's
// balance there, the one thing the app offers no screen for.
const pgUrl = `postgres://postgres:parley@127.0.0.1:${Number(process.env.PARLEY_E2E_PORT) + 20_000}/parley`;

/** Sets the demo account's balance; answers what it was. */
async function setDemoBalance(balance: number): Promise<number> {
  const db = new pg.Client({ connectionString: pgUrl });
  await db.connect();
  try {
    const before = await db.query<{ balance: number }>(
      `select c.balance from account_credits c join users u on u.account_id = c.account_id
        where u.username = 'demo'`,
    );
    await db.query(
      `insert into account_credits (account_id, balance)
       select account_id, $1 from users where username = 'demo'
       on conflict (account_id) do update set balance = excluded.balance`,
      [balance],
    );
    return before.rows[0]?.balance ?? balance;
  } finally {
    await db.end();
  }
}

test("out of credits: the test send offers 500 credits, and the purchase lets it go out", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const balanceBefore = await setDemoBalance(0);
  try {
    await page.goto("/send-message");
    const editor = page.getByTestId("message-editor");
    await editor.click();
    await page.keyboard.insertText("Last call for the holiday blend!");
    await page.getByRole("button", { name: "Send Test" }).click();
    const modal = page.getByRole("dialog", { name: "Send Test Message" });
    await modal.getByLabel("Phone number").fill("6465553210");
    await modal.getByRole("button", { name: "Send Test" }).click();

    const dialog = page.getByRole("dialog", { name: "Not enough credits" });
    await expect(
      dialog.getByText("Whoops, looks like you don’t have enough message credits."),
    ).toBeVisible();
    await keepScreenshot(page, "credits-dialog");
    await dialog.getByRole("button", { name: "Buy 500 credits" }).click();
    await expect(page.getByText("Purchased 500 message credits")).toBeVisible();

    const balance = await page.request.get("/api/credits");
    expect((await balance.json()).balance).toBe(500);
    // Now the same test send goes out.
    await page.getByRole("button", { name: "Send Test" }).click();
    await modal.getByLabel("Phone number").fill("6465553210");
    await modal.getByRole("button", { name: "Send Test" }).click();
    await expect(page.getByText("Test Message Sent")).toBeVisible();
    expect(errors.filter((e) => !e.includes("402"))).toEqual([]);
  } finally {
    await setDemoBalance(balanceBefore);
  }
});
