import { expect, type Page, test } from "@playwright/test";
import {
  keepScreenshot,
  logInAsDemo,
  MOBILE,
  seriousA11yViolations,
  watchConsole,
} from "./support";
import { CSRF, received, textFrom, uniquePhone } from "./virtual-phone";

/** The texts the workflow sent (the keyword's own confirmation left out). */
async function fromWorkflow(page: Page, phone: string): Promise<string[]> {
  return (await received(page, phone)).filter((b) => !b.includes("Msg & data rates"));
}

test("a workflow built in the builder (keyword → wait → text → branch on the reply) plays on virtual phones", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const word = `Brew${Math.floor(Math.random() * 90000 + 10000)}`;
  const kw = await page.request.post("/api/keywords", {
    headers: CSRF,
    data: { keyword: word, phoneNumberId: null, reply: "You're on the brew list!" },
  });
  expect(kw.status(), await kw.text()).toBe(201);
  const name = `Brew follow-up ${word}`;

  // The form: the trigger, then its keyword and the name.
  await page.goto("/workflows");
  await expect(page.getByRole("heading", { name: "Workflows", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create Workflow" }).first().click();
  await expect(page).toHaveURL(/\/workflows\/form\/new\/trigger$/);
  await page.getByRole("link", { name: "Texts a keyword" }).click();
  await expect(page).toHaveURL(/\/workflows\/form\/new\/details\/keyword$/);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("combobox", { name: "Keyword" }).click();
  await page.getByRole("option", { name: word }).click();
  await keepScreenshot(page, "workflow-form");
  await page.getByRole("button", { name: "Continue to builder" }).click();
  await expect(page).toHaveURL(/\/workflows\/builder\/\d+$/);
  const id = Number(page.url().split("/").pop());

  // The builder: trigger → wait an hour → question → wait for a reply → thanks / nudge.
  const canvas = page.getByTestId("workflow-canvas");
  const panel = page.getByTestId("side-panel");
  const node = (nodeId: string) => canvas.locator(`[data-node-id="${nodeId}"]`);
  await expect(node("trigger")).toContainText(word);
  // An empty canvas says what to do first, and offers it.
  await panel.getByRole("button", { name: "Add the first step" }).click();
  await page.getByRole("menuitem", { name: "Wait", exact: true }).click();
  await expect(node("wait1")).toBeVisible();
  await panel.getByRole("combobox", { name: "Unit" }).click();
  await page.getByRole("option", { name: "Hours" }).click();
  await expect(node("wait1")).toContainText("Wait 1 hour");

  await panel.getByRole("button", { name: 'Add a step on "Next step"' }).click();
  await page.getByRole("menuitem", { name: "Send a text" }).click();
  const editor = panel.getByRole("textbox", { name: "Text message" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Latte or cold brew, [first name]?");
  await expect(panel.getByTestId("message-counter")).toContainText("1 credit");
  await expect(node("send1")).toContainText("Latte or cold brew");

  await panel.getByRole("button", { name: 'Add a step on "Next step"' }).click();
  await page.getByRole("menuitem", { name: "Wait for a reply" }).click();
  await panel.getByRole("combobox", { name: "Unit" }).click();
  await page.getByRole("option", { name: "Hours" }).click();
  await expect(node("reply1")).toContainText("Up to 1 hour");

  await panel.getByRole("button", { name: 'Add a step on "Replied"' }).click();
  await page.getByRole("menuitem", { name: "Send a text" }).click();
  await panel.getByRole("textbox", { name: "Text message" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Great choice, it will be ready!");

  // The "No reply" branch leads nowhere yet: publishing is refused, and the node says why.
  await node("reply1").click();
  await expect(node("reply1").getByTestId("node-problems")).toContainText(
    "Every branch of the step “Wait for a reply” must lead somewhere",
  );
  await expect(page.getByTestId("workflow-problems")).toHaveText("1 problem");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(
    page.getByText("Fix the problem marked on the steps before publishing"),
  ).toBeVisible();

  await panel.getByRole("button", { name: 'Add a step on "No reply"' }).click();
  await page.getByRole("menuitem", { name: "Send a text" }).click();
  await panel.getByRole("textbox", { name: "Text message" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Still deciding? Reply any time.");
  await expect(page.getByTestId("workflow-valid")).toHaveText("Ready to publish");

  // A step added by mistake goes with the Delete key (and its problem with it).
  await panel.getByRole("button", { name: 'Add a step on "Next step"' }).click();
  await page.getByRole("menuitem", { name: "Call a webhook" }).click();
  await expect(node("hook1").getByTestId("node-problems")).toContainText(
    "Enter the URL the step “Call a webhook” calls",
  );
  await node("hook1").click();
  await page.keyboard.press("Delete");
  await expect(node("hook1")).toHaveCount(0);
  await expect(page.getByTestId("workflow-valid")).toHaveText("Ready to publish");
  await keepScreenshot(page, "workflow-builder");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(`${name} is running (version 2)`)).toBeVisible();
  await expect(page.getByText("Running", { exact: true })).toBeVisible();

  // Two people text the keyword from virtual phones.
  const ann = uniquePhone();
  const ben = uniquePhone();
  await textFrom(page, ann, word);
  await textFrom(page, ben, word);
  await expect
    .poll(() => received(page, ben), { timeout: 20_000 })
    .toEqual([expect.stringContaining("You're on the brew list!")]);
  expect(await fromWorkflow(page, ann)).toEqual([]);

  // An hour later (the test clock moves): the question.
  await page.getByRole("button", { name: "+1 hour" }).click();
  await expect
    .poll(() => fromWorkflow(page, ann), { timeout: 20_000 })
    .toEqual([expect.stringMatching(/^Latte or cold brew, .*\?$/)]);
  await expect.poll(() => fromWorkflow(page, ben), { timeout: 20_000 }).toHaveLength(1);

  // Ann answers and takes the reply branch; Ben stays silent and is nudged an hour later.
  await textFrom(page, ann, "Latte please");
  await expect
    .poll(() => fromWorkflow(page, ann), { timeout: 20_000 })
    .toEqual([expect.stringMatching(/^Latte or cold brew/), "Great choice, it will be ready!"]);
  await page.getByRole("button", { name: "+1 hour" }).click();
  await expect
    .poll(() => fromWorkflow(page, ben), { timeout: 20_000 })
    .toEqual([expect.stringMatching(/^Latte or cold brew/), "Still deciding? Reply any time."]);

  // The report counts both, the texts and the reply.
  await page.getByRole("button", { name: "Report" }).click();
  const report = page.getByRole("dialog", { name: `Report: ${name}` });
  await expect(report.getByTestId("report-completed")).toHaveText("2", { timeout: 15_000 });
  await expect(report.getByTestId("report-entered")).toHaveText("2");
  await expect(report.getByTestId("report-texts-sent")).toHaveText("4");
  await expect(report.getByTestId("report-replies")).toHaveText("1");
  await page.keyboard.press("Escape");

  // The list: running, with its figures; duplicate makes a draft copy.
  await page.goto("/workflows");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row).toContainText("Running");
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Duplicate" }).click();
  const copy = page.getByRole("row").filter({ hasText: `${name} (copy)` });
  await expect(copy).toContainText("Draft");
  await keepScreenshot(page, "workflows-list");

  // On a phone the builder is a list of the steps; a step opens its panel in a drawer.
  await page.setViewportSize(MOBILE);
  await page.goto(`/workflows/builder/${id}`);
  const list = page.getByTestId("workflow-step-list");
  await expect(list).toBeVisible();
  await expect(page.getByTestId("workflow-step-row")).toHaveCount(7);
  await page.getByTestId("workflow-step-row").filter({ hasText: "Latte or cold brew" }).click();
  await expect(page.getByRole("dialog", { name: "Edit step" })).toBeVisible();
  await keepScreenshot(page, "workflow-builder-mobile");
  await page.keyboard.press("Escape");
  await page.goto("/workflows");
  await expect(row).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(page, "workflows-mobile");
  expect(errors).toEqual([]);
});

test("the workflow screens have no serious or critical accessibility violation", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  const list = await page.request.get("/api/automations?kind=workflow");
  const rows = ((await list.json()) as { rows: { id: number; name: string }[] }).rows;
  const demo = rows.find((r) => r.name === "Specials menu");
  expect(demo, "the demo seeds the Specials menu workflow").toBeTruthy();
  const screens = [
    "/workflows",
    "/workflows/form/new/trigger",
    "/workflows/form/new/details/reply",
    `/workflows/builder/${demo!.id}`,
  ];
  const found: string[] = [];
  for (const size of [null, MOBILE]) {
    if (size) await page.setViewportSize(size);
    for (const path of screens) {
      await page.goto(path);
      for (const v of await seriousA11yViolations(page))
        found.push(`${path}${size ? " (mobile)" : ""}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});
