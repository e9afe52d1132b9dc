import { expect as baseExpect, type Page, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";
import { CSRF, received, textFrom } from "./virtual-phone";

// Marketing tools (issue 18), each end to end with virtual phones: made on its page, used by
// texting, its report and (where codes are handed out) the counter page.
// The machine these run on is shared: pages that wait on the server get more than the default.
const SLOW = { timeout: 30_000 };
const expect = baseExpect.configure({ timeout: 20_000 });

/** Waits for a text matching `re` on the virtual phone and returns it. */
async function awaitText(page: Page, phone: string, re: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(async () => {
      found = (await received(page, phone)).find((b) => re.test(b)) ?? "";
      return found;
    }, SLOW)
    .toMatch(re);
  return found;
}

const rnd = () => Math.floor(Math.random() * 9000 + 1000);
const newPhone = () => `+1646555${String(rnd())}`;

async function createProgram(page: Page, route: string, button: string, fill: () => Promise<void>) {
  await page.goto(route);
  await page.getByRole("button", { name: button }).first().click();
  await fill();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\?id=\d+/, SLOW);
}

test("loyalty: a check-in by text earns the reward code, which the counter page redeems once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const word = `Stamp${rnd()}`.toUpperCase();
  const phone = newPhone();
  await createProgram(page, "/marketing/loyalty-rewards", "New loyalty program", async () => {
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("E2E card");
    await page.getByLabel("Check-in word").fill("stop");
    await page.getByRole("textbox", { name: "Reward", exact: true }).fill("a free muffin");
    await page.getByLabel("Points for the reward").fill("1");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByTestId("form-error")).toContainText("STOP is reserved");
    await page.getByLabel("Check-in word").fill(word);
  });
  await expect(page.getByRole("heading", { name: "E2E card" })).toBeVisible(SLOW);
  await expect(page.getByText(`Text ${word} to check in`)).toBeVisible();

  await textFrom(page, phone, word.toLowerCase());
  const reward = await awaitText(page, phone, /You earned a free muffin\. Show code ([A-Z2-9]{8})/);
  expect(reward).toMatch(
    /^Parley Demo Coffee Co\.: .*Msg & data rates may apply\. Reply HELP for help, STOP to opt out\.$/,
  );
  const code = /code ([A-Z2-9]{8})/.exec(reward)![1]!;
  await page.reload();
  await expect(page.getByTestId("figure-rewardsIssued")).toContainText("1", SLOW);

  // The counter page: the code is valid, then marked redeemed; a second check says it was used.
  const href = (await page.getByTestId("counter-link").getAttribute("href"))!;
  await page.goto(new URL(href).pathname);
  await expect(page.getByRole("heading", { name: "E2E card" })).toBeVisible(SLOW);
  await page.getByLabel("Code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("code-result")).toContainText("Valid");
  await page.getByRole("button", { name: "Mark redeemed" }).click();
  await expect(page.getByTestId("code-result")).toContainText("Redeemed");
  await expect(page.getByTestId("counter")).toContainText("1redeemed");
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("code-result")).toContainText("Already used");
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "marketing-counter-390");
  expect(errors).toEqual([]);
});

test("digital coupon: each consenting group member gets their own code; staff redeem it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  // Two people join by the demo's keyword (consent), one of them opts out again.
  const [a, b] = [newPhone(), newPhone()];
  for (const p of [a, b]) {
    await textFrom(page, p, "COFFEE");
    await awaitText(page, p, /Coffee Club/);
  }
  await textFrom(page, b, "STOP");
  await awaitText(page, b, /unsubscribed/i);
  const ids: number[] = [];
  for (const p of [a, b]) {
    const found = await page.request.get(
      `/api/inbox/conversations/find?number=${encodeURIComponent(p)}`,
    );
    ids.push(((await found.json()) as { id: number }).id);
  }
  const groupName = `Coupon club ${rnd()}`;
  const group = await page.request.post("/api/groups", {
    headers: CSRF,
    data: { name: groupName },
  });
  const groupId = ((await group.json()) as { id: number }).id;
  await page.request.post(`/api/groups/${groupId}/members`, {
    headers: CSRF,
    data: { subscriberIds: ids },
  });

  await createProgram(page, "/marketing/digital-coupons", "New coupon", async () => {
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("E2E coupon");
    await page.getByLabel("Offer").fill("Two for one");
    await page.getByRole("combobox", { name: "Send to" }).click();
    await page.getByRole("option", { name: groupName }).click();
  });
  await page.getByRole("button", { name: "Send coupon" }).click();
  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText(/Coupon sent to 1 subscriber/)).toBeVisible();
  const coupon = await awaitText(page, a, /Two for one with code ([A-Z2-9]{8})/);
  expect(coupon).toMatch(/Reply STOP to opt out\.$/);
  const code = /code ([A-Z2-9]{8})/.exec(coupon)![1]!;
  // The opted-out member got nothing after the STOP confirmation.
  expect((await received(page, b)).some((x) => x.includes("Two for one"))).toBe(false);

  const href = (await page.getByTestId("counter-link").getAttribute("href"))!;
  await page.goto(new URL(href).pathname);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Check" }).click();
  await page.getByRole("button", { name: "Mark redeemed" }).click();
  await expect(page.getByTestId("code-result")).toContainText("Redeemed");
  await page.goBack();
  await expect(page.getByTestId("figure-redeemed")).toContainText("1", SLOW);
  await expect(page.getByTestId("figure-sent")).toContainText("1", SLOW);
  await keepScreenshot(page, "marketing-coupon-report");
  expect(errors).toEqual([]);
});

test("text-in giveaway: entries by text, one per number, a drawn winner is texted; opted-out gets nothing", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const word = `Win${rnd()}`.toUpperCase();
  await createProgram(page, "/marketing/textin-giveaway", "New giveaway", async () => {
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("E2E giveaway");
    await page.getByLabel("Entry word").fill(word);
    await page.getByLabel("Prize").fill("a tote bag");
  });
  const [a, b, out] = [newPhone(), newPhone(), newPhone()];
  await textFrom(page, out, "STOP");
  await awaitText(page, out, /unsubscribed/i);
  for (const p of [a, b]) {
    await textFrom(page, p, word);
    await awaitText(page, p, /You're entered in E2E giveaway to win a tote bag/);
  }
  await textFrom(page, a, word);
  await awaitText(page, a, /already entered/);
  await textFrom(page, out, word);
  await page.reload();
  await expect(page.getByTestId("figure-entrants")).toContainText("2", SLOW);

  await page.getByRole("button", { name: "Draw winners" }).click();
  await page.getByRole("button", { name: "Draw now" }).click();
  await expect(page.getByTestId("draws")).toContainText("among 2 entrants");
  const won = async () =>
    [...(await received(page, a)), ...(await received(page, b))].filter((x) =>
      /You won a tote bag/.test(x),
    );
  await expect.poll(async () => (await won()).length, SLOW).toBe(1);
  expect((await received(page, out)).length).toBe(1);
  await keepScreenshot(page, "marketing-giveaway-report");
  expect(errors).toEqual([]);
});

test("viral texting: a friend signing up through a member's link is credited, with consent recorded", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const word = `Share${rnd()}`.toUpperCase();
  await createProgram(page, "/marketing/viral-texting", "New referral program", async () => {
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("E2E friends");
    await page.getByLabel("Word to get a link").fill(word);
    await page.getByLabel("What friends get").fill("A free cookie with your first order.");
    await page.getByLabel("Friends for a reward").fill("1");
    await page.getByRole("textbox", { name: "Reward", exact: true }).fill("a free latte");
  });
  const [member, friend] = [newPhone(), newPhone()];
  await textFrom(page, member, word);
  const link = await awaitText(page, member, /Share your link: \S+\/r\/[A-Z2-9]{10}/);
  const path = /\/r\/[A-Z2-9]{10}/.exec(link)![0];

  const friendPage = await page.context().newPage();
  await friendPage.setViewportSize(MOBILE);
  await friendPage.goto(path);
  await expect(
    friendPage.getByRole("heading", { name: "A free cookie with your first order." }),
  ).toBeVisible();
  await friendPage.getByLabel("Mobile number").fill(friend);
  await friendPage.getByRole("button", { name: "Sign up" }).click();
  await expect(friendPage.getByRole("alert")).toContainText("Tick the box");
  await friendPage.getByRole("checkbox").check();
  await keepScreenshot(friendPage, "marketing-referral-390");
  await friendPage.getByRole("button", { name: "Sign up" }).click();
  await expect(friendPage.getByTestId("referral-done")).toBeVisible();
  await awaitText(page, friend, /Welcome! .*A free cookie/);
  await awaitText(
    page,
    member,
    /1 friends joined with your link! You earned a free latte\. Show code [A-Z2-9]{8}/,
  );
  await page.reload();
  await expect(page.getByTestId("figure-referrals")).toContainText("1", SLOW);
  await expect(page.getByTestId("figure-rewardsIssued")).toContainText("1", SLOW);
  expect(errors).toEqual([]);
});

test("registration: capacity, a waiting list, and a cancel by text moves the next person up", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const word = `Class${rnd()}`.toUpperCase();
  const cancel = `Skip${rnd()}`.toUpperCase();
  await createProgram(page, "/marketing/bless-registration", "New event", async () => {
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("E2E workshop");
    await page.getByLabel("Registration word").fill(word);
    await page.getByLabel("Capacity").fill("1");
    await page.getByLabel("Cancel word").fill(cancel);
  });
  const [a, b] = [newPhone(), newPhone()];
  await textFrom(page, a, word);
  await awaitText(
    page,
    a,
    new RegExp(`You're registered for E2E workshop .*Text ${cancel} to cancel`),
  );
  await textFrom(page, b, word);
  await awaitText(page, b, /E2E workshop is full\. You're number 1 on the waiting list/);
  await page.reload();
  await expect(page.getByTestId("figure-waitlisted")).toContainText("1", SLOW);

  await textFrom(page, a, cancel.toLowerCase());
  await awaitText(page, a, /Your registration for E2E workshop is cancelled/);
  await awaitText(page, b, /A place opened and you're now registered for E2E workshop/);
  await page.reload();
  await expect(page.getByTestId("figure-registered")).toContainText("1", SLOW);
  await expect(page.getByTestId("figure-cancelled")).toContainText("1", SLOW);
  await expect(page.getByTestId("figure-promoted")).toContainText("1", SLOW);
  await page.setViewportSize(MOBILE);
  await keepScreenshot(page, "marketing-registration-390");
  expect(errors).toEqual([]);
});

test("an unknown counter or invitation link says so on a page of its own", async ({ browser }) => {
  const visitor = await browser.newContext({ viewport: MOBILE });
  const page = await visitor.newPage();
  await page.goto("/counter/not-a-counter-token");
  await expect(page.getByRole("heading", { name: "Counter link not available" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(/not valid|not found/i);
  await page.goto("/r/not-a-code");
  await expect(page.getByRole("heading", { name: "Invitation not available" })).toBeVisible();
  await keepScreenshot(page, "marketing-invitation-unknown-390");
  await visitor.close();
});
