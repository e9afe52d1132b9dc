import { expect, type Page, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

// Every name carries this run's stamp, so the spec meets neither another spec's data nor its
// own from an earlier run, and can search the table down to its own rows.
const stamp = Date.now().toString(36).slice(-5);
const named = (name: string) => `${name} ${stamp}`;

// Each journey makes several writes through the UI; a busy CI machine needs more than 30 s.
test.describe.configure({ timeout: 60_000 });
const CSRF = { "x-parley-csrf": "1" };

/** Console errors other than the one request this spec makes fail on purpose (a 409). */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 409/.test(e));

const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

async function openGroups(page: Page, search = stamp) {
  await page.goto("/manage-groups");
  await expect(page.getByRole("heading", { name: "Manage Groups", level: 1 })).toBeVisible();
  await page.getByLabel("Search groups").fill(search);
}

async function createStaticGroup(page: Page, name: string) {
  await page.getByRole("button", { name: "New group" }).click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  await dialog.getByLabel("Group name").fill(name);
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog).toBeHidden();
}

async function rowAction(page: Page, name: string, action: string) {
  await rowOf(page, name)
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

/**
 * Three subscribers of this run (gold, gold, silver) in a text attribute only this test uses,
 * through the API; `tag` keeps the names of one test apart from another's.
 */
async function seedTier(page: Page, tag: string) {
  const field = await page.request.post("/api/custom-fields", {
    headers: CSRF,
    data: { name: named(`${tag} Tier`), type: "string" },
  });
  expect(field.status()).toBe(201);
  const { id } = (await field.json()) as { id: number };
  const base = 2_000_000 + (Date.now() % 7_000_000);
  for (const [i, tier] of ["gold", "gold", "silver"].entries()) {
    const res = await page.request.post("/api/subscribers", {
      headers: CSRF,
      data: {
        attestation: true,
        number: `(646) ${String(base + i).slice(0, 3)}-${String(base + i).slice(3, 7)}`,
        firstName: named(`${tag}${i}`),
        attributes: { [id]: tier },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return named(`${tag} Tier`);
}

test("a static group: created with 0 members, renamed, hidden, deleted after confirming", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/manage-groups");
  // 'No Group' comes first for an unrestricted user, with its count.
  await expect(rowOf(page, "Subscribers who are in no group")).toContainText(/\d/);

  await page.getByLabel("Search groups").fill(stamp);
  await page.getByRole("button", { name: "New group" }).click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog.getByText("Group name is required")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const name = named("Regulars");
  await createStaticGroup(page, name);
  const row = rowOf(page, name);
  await expect(row).toContainText("Static");
  await expect(row.getByTestId("member-count")).toHaveText("0");
  await expect(row).toContainText("Not set");

  // A second group of the same name (any case) is refused, and said so under the name.
  await page.getByRole("button", { name: "New group" }).click();
  await dialog.getByLabel("Group name").fill(name.toUpperCase());
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(
    dialog.getByText(`A group named '${name.toUpperCase()}' already exists.`),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const renamed = named("Morning crowd");
  await rowAction(page, name, "Rename");
  const rename = page.getByRole("dialog", { name: "Rename group" });
  await rename.getByLabel("Group name").fill(renamed);
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rowOf(page, renamed)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);

  await rowAction(page, renamed, "Hide");
  await expect(rowOf(page, renamed)).toContainText("Hidden");
  await keepScreenshot(page, "manage-groups-desktop");
  // Hidden: a keyword no longer offers it among the groups it adds people to; shown, it does.
  const keywordOffers = async () => {
    await page.goto("/optins/keywords/edit");
    const picker = page.getByRole("combobox", { name: "Add to groups" });
    await expect(picker).toHaveAttribute("placeholder", "Choose groups");
    await picker.click();
    await picker.fill(stamp);
    return page.getByRole("option", { name: renamed });
  };
  await expect(await keywordOffers()).toHaveCount(0);
  await openGroups(page);
  await rowAction(page, renamed, "Unhide");
  await expect(rowOf(page, renamed)).toContainText("Shown");
  await expect(await keywordOffers()).toBeVisible();
  await openGroups(page);

  await rowAction(page, renamed, "Delete");
  const confirm = page.getByRole("dialog", { name: "Delete group" });
  await expect(confirm).toContainText("only the group is removed");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(rowOf(page, renamed)).toBeVisible();
  await rowAction(page, renamed, "Delete");
  await confirm.getByRole("button", { name: "Delete group" }).click();
  await expect(rowOf(page, renamed)).toHaveCount(0);
  await expect(page.getByText("No matching records found!")).toBeVisible();
  expect(unexpected(errors)).toEqual([]);
});

test("an adaptive group: rules with a live count, listed with that count, edited on its page", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const tier = await seedTier(page, "Gold");
  await openGroups(page);

  await page.getByRole("button", { name: "New group" }).click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  const name = named("Gold tier");
  await dialog.getByLabel("Group name").fill(name);
  await dialog.getByRole("radio", { name: "Adaptive" }).check();
  await dialog.getByRole("combobox", { name: "Rule 1 field" }).click();
  await page.getByRole("option", { name: tier }).click();
  await expect(dialog.getByRole("combobox", { name: "Rule 1 operator" })).toHaveValue("is");
  // An empty value is not a rule yet: saving says what is missing.
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog.getByText("Enter a value")).toBeVisible();
  await dialog.getByLabel("Rule 1 value").fill("gold");
  const preview = dialog.getByTestId("rules-preview");
  await expect(preview).toContainText("2 subscribers match these rules right now.");
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog).toBeHidden();

  const row = rowOf(page, name);
  await expect(row).toContainText("Adaptive");
  await expect(row.getByTestId("member-count")).toHaveText("2");

  await row.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/manage-groups\/details\?id=\d+$/);
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  await expect(page.getByTestId("members-total")).toHaveText("2");
  await expect(page.getByRole("row").filter({ hasText: named("Gold0") })).toBeVisible();

  // Any of two rules: gold or silver, counted live before saving.
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByRole("combobox", { name: "Rule 2 field" }).click();
  await page.getByRole("option", { name: tier }).click();
  await page.getByLabel("Rule 2 value").fill("silver");
  await expect(page.getByTestId("rules-preview")).toContainText("0 subscribers match");
  await page.getByTestId("rule-builder").getByText("Any", { exact: true }).click();
  await expect(page.getByTestId("rules-preview")).toContainText("3 subscribers match");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByTestId("members-total")).toHaveText("3");
  await keepScreenshot(page, "group-details-adaptive-desktop");

  // The welcome message with its character count, kept after a reload.
  const welcome = page.getByLabel("Welcome message");
  await welcome.fill("Welcome to the gold tier! ☕");
  await expect(page.getByTestId("welcome-count")).toHaveText("27 / 2000 characters · 1 segment");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel("Welcome message")).toHaveValue("Welcome to the gold tier! ☕");
  // The switch follows the saved group, so it flips once the server has answered.
  await page.getByLabel("Hidden").click();
  await expect(page.getByText("Group hidden")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Hidden")).toBeChecked();
  expect(unexpected(errors)).toEqual([]);
});

test("a static group's members: added from a search, removed after confirming", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await logInAsDemo(page);
  await seedTier(page, "Picked");
  await openGroups(page);
  const name = named("Hand picked");
  await createStaticGroup(page, name);
  await rowOf(page, name).getByRole("link", { name }).click();
  await expect(page.getByText("No members yet")).toBeVisible();

  await page.getByRole("button", { name: "Add subscribers" }).first().click();
  const picker = page.getByRole("dialog", { name: `Add subscribers to ${name}` });
  await picker.getByLabel("Search subscribers").fill(`Picked`);
  await picker.getByRole("checkbox", { name: `Select ${named("Picked0")}` }).check();
  await picker.getByRole("checkbox", { name: `Select ${named("Picked1")}` }).check();
  await picker.getByRole("button", { name: "Add 2 to group" }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId("members-total")).toHaveText("2");
  await page
    .getByRole("row")
    .filter({ hasText: named("Picked1") })
    .scrollIntoViewIfNeeded();
  await keepScreenshot(page, "group-details-static-desktop");

  await page.getByRole("button", { name: `Remove ${named("Picked0")} from group` }).click();
  const confirm = page.getByRole("dialog", { name: "Remove from group" });
  await expect(confirm).toContainText("They stay in your subscriber list");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("members-total")).toHaveText("1");

  await page.goto("/manage-groups");
  await page.getByLabel("Search groups").fill(stamp);
  await expect(rowOf(page, name).getByTestId("member-count")).toHaveText("1");
  expect(unexpected(errors)).toEqual([]);
});

test("a missing or unknown group id shows a clean not-found state", async ({ page }) => {
  const errors = watchConsole(page);
  await logInAsDemo(page, "/manage-groups/details");
  await expect(page.getByText("Group not found")).toBeVisible();
  await page.goto("/manage-groups/details?id=abc");
  await expect(page.getByText("Group not found")).toBeVisible();
  await page.getByRole("button", { name: "Go to groups" }).click();
  await expect(page).toHaveURL(/\/manage-groups$/);
  expect(errors).toEqual([]);
  // An id that is no group of this account: the server answers 404 (logged by Chromium).
  await page.goto("/manage-groups/details?id=999999999");
  await expect(page.getByText("Group not found")).toBeVisible();
});

test("works at 390 px wide", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await logInAsDemo(page);
  const name = named("Keyword sign-ups");
  const created = await page.request.post("/api/groups", {
    headers: CSRF,
    data: {
      name,
      type: "adaptive",
      rules: { conditions: [{ field: "signupMethod", operator: "equals", value: "KEYWORD" }] },
    },
  });
  expect(created.status()).toBe(201);
  await openGroups(page, "");
  await expect(rowOf(page, "Subscribers who are in no group")).toBeVisible();
  await keepScreenshot(page, "manage-groups-mobile");
  await page.getByLabel("Search groups").fill(stamp);
  await page.getByRole("link", { name }).click();
  await expect(page.getByTestId("rule-builder")).toBeVisible();
  await keepScreenshot(page, "group-details-mobile");
});
