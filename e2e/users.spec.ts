import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logIn, logInAsDemo, MOBILE, watchConsole } from "./support";

/** The in-app path of the newest invitation mail to `email`, read from the local mailbox. */
async function inviteLinkFromMailbox(page: Page, email: string): Promise<string> {
  await page.goto("/mailbox");
  await page.getByTestId("mail-item").filter({ hasText: email }).first().click();
  const link = page.getByTestId("mail-view").getByTestId("mail-link");
  await expect(link).toHaveText(/\/auth\/invite\?key=/);
  return (await link.getAttribute("href"))!;
}

test("an Owner invites a teammate, who signs up from the mailed link; then edits and deletes them", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const stamp = Date.now().toString(36);
  const email = `agent-${stamp}@example.test`;
  const username = `agent_${stamp}`;

  await logInAsDemo(page);
  await page.getByTestId("sidebar").getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/manage-users$/);
  await expect(page.getByRole("heading", { name: "Users", level: 2 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "demo@parley.local" })).toContainText(
    "Owner",
  );

  // The user form's words (spec doc 2 §5).
  await page.getByRole("button", { name: "Invite User" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Invite a user" });
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(dialog.getByText("Enter an email")).toBeVisible();
  await expect(dialog.getByText("Enter a permission level")).toBeVisible();
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Permission level").click();
  await page.getByRole("option", { name: "Agent" }).click();
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(dialog.getByText("Enter valid email")).toBeVisible();
  await expect(dialog.getByText("Users must be assigned a group")).toBeVisible();
  await keepScreenshot(page, "users-invite-desktop");

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Groups").click();
  await page.getByRole("option").first().click();
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(dialog).toBeHidden();
  const inviteRow = page.getByRole("row").filter({ hasText: email });
  await expect(inviteRow).toContainText("Agent");
  await expect(inviteRow).toContainText("Expires");
  await keepScreenshot(page, "users-desktop");

  const link = await inviteLinkFromMailbox(page, email);

  // The invitee, in a browser of their own.
  const invitee = await browser.newPage();
  await invitee.goto(link);
  await expect(invitee).toHaveTitle("Join Your Team | Parley");
  await expect(invitee.getByLabel("Email")).toHaveValue(email);
  // The invitation asks the person's name, which teammates see instead of the username.
  await invitee.getByLabel("First name").fill("Rowan");
  await invitee.getByLabel("Last name").fill("Invitee");
  await invitee.getByLabel("Username").fill(username);
  await invitee.getByLabel("Phone number").fill("12");
  await invitee.getByLabel(/^Password/).fill("invitee-pass-1");
  await invitee.getByLabel("Confirm Password").fill("invitee-pass-2");
  await invitee.getByRole("button", { name: "Create Account" }).click();
  await expect(invitee.getByText("Passwords must match")).toBeVisible();
  await expect(invitee.getByText("Invalid phone number")).toBeVisible();
  await keepScreenshot(invitee, "invite-signup-desktop");
  await invitee.getByLabel("Phone number").fill("(415) 555-0142");
  await invitee.getByLabel("Confirm Password").fill("invitee-pass-1");
  await invitee.getByRole("button", { name: "Create Account" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  // An Agent has no Users page.
  await invitee.goto("/manage-users");
  await expect(invitee.getByText("You are not allowed to access this page")).toBeVisible();
  // The link worked once.
  await invitee.goto(link);
  await expect(invitee.getByText("Whoops, looks like that link has expired.")).toBeVisible();
  await invitee.close();

  // Back with the Owner: the new user is listed; edit, then delete them.
  await page.goto("/manage-users");
  const userRow = page.getByRole("row").filter({ hasText: email });
  // Listed by the name they gave, not their username.
  await expect(userRow).toContainText("Rowan Invitee");
  await userRow.getByRole("button", { name: `Edit ${username}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${username}` });
  await expect(edit.getByLabel("Phone number")).toHaveValue("+14155550142");
  await edit.getByLabel("First name").fill("Avery");
  await edit.getByLabel("Permission level").click();
  await page.getByRole("option", { name: "Administrator" }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(userRow).toContainText("Avery");
  await expect(userRow).toContainText("Administrator");

  await userRow.getByRole("button", { name: `Delete ${username}` }).click();
  await page
    .getByRole("dialog", { name: "Delete user" })
    .getByRole("button", { name: "Delete user" })
    .click();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  // The deleted user can no longer log in.
  const gone = await browser.newPage();
  await gone.goto("/auth/login");
  await logIn(gone, { username, password: "invitee-pass-1" });
  await expect(gone.getByTestId("login-error")).toHaveText("Invalid Email / Username or Password");
  await gone.close();
  expect(errors).toEqual([]);
});

test("an unknown invitation link says it has expired", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/auth/invite?key=not-a-real-key");
  await expect(page.getByTestId("invite-expired")).toContainText(
    "Whoops, looks like that link has expired.",
  );
  await expect(page.getByTestId("invite-expired")).toContainText(
    "This invitation has expired. Please contact an account administrator to send a new invite.",
  );
  await keepScreenshot(page, "invite-expired-desktop");
  // The 404 of the key check is the answer here, not an error of the page.
  expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
});

test("users and the invitation page fit a phone", async ({ browser }) => {
  const page = await browser.newPage({ viewport: MOBILE });
  await page.goto("/auth/invite?key=not-a-real-key");
  await expect(page.getByText("Whoops, looks like that link has expired.")).toBeInViewport();
  await keepScreenshot(page, "invite-expired-mobile");
  await logInAsDemo(page, "/manage-users");
  await expect(page.getByRole("row").filter({ hasText: "demo@parley.local" })).toBeVisible();
  await keepScreenshot(page, "users-mobile");
  await page.getByRole("button", { name: "Invite User" }).first().click();
  await expect(page.getByRole("button", { name: "Send Invitation" })).toBeVisible();
  // Let the sheet finish sliding in before the picture.
  await page.waitForTimeout(500);
  await keepScreenshot(page, "users-invite-mobile");
  await page.close();
});
