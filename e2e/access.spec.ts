import { hash } from "@node-rs/argon2";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { logIn } from "./support";

// Inviting users has no screen yet (it comes with the users issue), so this test adds a
// restricted agent straight into the e2e server's database.
const AGENT = { username: "restricted-agent", password: "agent-pass-1" };

test.beforeAll(async () => {
  const port = Number(process.env.PARLEY_E2E_PORT) + 20_000;
  const client = new pg.Client({
    connectionString: `postgres://postgres:parley@127.0.0.1:${port}/parley`,
  });
  await client.connect();
  try {
    const passwordHash = await hash(AGENT.password);
    await client.query(
      `insert into users (account_id, username, email, password_hash, first_name, permission_level, restricted)
       select id, $1, $2, $3, 'Riley', 0, true from accounts where account_name = 'parley-demo'
       on conflict do nothing`,
      [AGENT.username, `${AGENT.username}@parley.local`, passwordHash],
    );
  } finally {
    await client.end();
  }
});

test("a restricted agent has no dashboard or billing and is told so", async ({ page }) => {
  await page.goto("/auth/login");
  await logIn(page, AGENT);
  // Restricted users land on the inbox, and the sidebar offers neither Dashboard nor Billing.
  await expect(page).toHaveURL(/\/inbox$/);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: "Billing" })).toHaveCount(0);

  await page.goto("/billing/summary");
  await expect(page.getByText("You are not allowed to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/inbox$/);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/inbox$/);
});
