import { expect, test } from "@playwright/test";
import { keepScreenshot, logInAsDemo, MOBILE, watchConsole } from "./support";

const CSRF = { "x-parley-csrf": "1" };
const stamp = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

// The browser sits in Tokyo: times typed on the voice pages are the account's, not the browser's.
test.use({ timezoneId: "Asia/Tokyo" });

test("voice consent is recorded and withdrawn on the subscriber page; a broadcast is scheduled in the account's time", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await logInAsDemo(page);
  const phone = `+1646556${String(1000 + Math.floor(Math.random() * 9000))}`;
  const created = await page.request.post("/api/subscribers", {
    headers: CSRF,
    data: { attestation: true, number: phone, firstName: `Vera${stamp}`, lastName: "Voice" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/subscribers/manage?q=Vera${stamp}&subscriber=${id}`);
  const drawer = page.getByTestId("subscriber-drawer");
  const voice = drawer.getByTestId("voice-consent");
  await expect(voice.getByTestId("voice-consent-status")).toHaveText(
    "No voice consent: left out of voice broadcasts",
  );
  await voice.getByRole("button", { name: "Record voice consent" }).click();
  const dialog = page.getByRole("dialog", { name: "Record voice consent" });
  await dialog.getByRole("button", { name: "Record Consent" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Say how the subscriber gave consent.");
  await dialog.getByText("In writing", { exact: true }).click();
  await dialog.getByLabel("Evidence").fill("Signed the in-store calls form");
  await dialog.getByRole("button", { name: "Record Consent" }).click();
  await expect(dialog).toBeHidden();
  await expect(voice.getByTestId("voice-consent-status")).toHaveText("Agreed to voice calls");
  await expect(voice).toContainText("In writing: Signed the in-store calls form");
  await expect(voice).toContainText("recorded by");
  await keepScreenshot(page, "subscriber-voice-consent-desktop");

  // The broadcast composer counts them among those who will be called.
  const audience = await page.request.post("/api/phone-messages/audience", {
    headers: CSRF,
    data: { recipients: { mode: "subscribers", subscriberIds: [id], groupIds: [] } },
  });
  expect(((await audience.json()) as { callable: number }).callable).toBe(1);

  // Schedule a call for 9:30 on a winter day: it is 9:30 in the account's zone.
  const me = (await (await page.request.get("/api/account/me")).json()) as {
    timezoneIana: string;
  };
  await page.goto("/phone-messages/send");
  await page.getByLabel("What the call says").fill(`Vera ${stamp}: your order is ready.`);
  await page.getByText("Schedule", { exact: true }).click();
  const at = page.getByLabel(`Call at (${me.timezoneIana})`);
  await at.fill("2031-01-15T09:30");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL(/\/phone-messages\/scheduled$/);
  const list = (await (await page.request.get("/api/phone-messages?status=scheduled")).json()) as {
    rows: { id: number; text: string; sendAt: string }[];
  };
  const mine = list.rows.find((r) => r.text.startsWith(`Vera ${stamp}`))!;
  const wall = new Intl.DateTimeFormat("en-US", {
    timeZone: me.timezoneIana,
    hour: "numeric",
    minute: "2-digit",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(mine.sendAt));
  expect(wall).toBe("Jan 15, 2031, 9:30 AM");
  // Editing reads the same wall time back into the input.
  await page.goto(`/phone-messages/send?edit=${mine.id}`);
  await expect(page.getByLabel(`Call at (${me.timezoneIana})`)).toHaveValue("2031-01-15T09:30");
  await page.request.delete(`/api/phone-messages/${mine.id}`, { headers: CSRF });

  // Withdraw: the ledger says so and the person is left out of broadcasts again.
  await page.setViewportSize(MOBILE);
  await page.goto(`/subscribers/manage?q=Vera${stamp}&subscriber=${id}`);
  await voice.getByRole("button", { name: "Withdraw voice consent" }).click();
  const withdraw = page.getByRole("dialog", { name: "Withdraw voice consent" });
  await withdraw.getByLabel("How did they ask to stop?").fill("Asked on the phone to stop calls");
  await withdraw.getByRole("button", { name: "Withdraw Consent" }).click();
  await expect(withdraw).toBeHidden();
  await expect(voice.getByTestId("voice-consent-status")).toHaveText("Withdrew voice consent");
  await expect(voice).toContainText("Verbally: Asked on the phone to stop calls");
  await keepScreenshot(page, "subscriber-voice-consent-mobile");
  await drawer.getByRole("tab", { name: "Consent History" }).click();
  await expect(drawer.getByTestId("consent-history")).toContainText("Withdrew voice consent");
  await expect(drawer.getByTestId("consent-history")).toContainText("Agreed to voice calls");
  const after = await page.request.post("/api/phone-messages/audience", {
    headers: CSRF,
    data: { recipients: { mode: "subscribers", subscriberIds: [id], groupIds: [] } },
  });
  expect(
    ((await after.json()) as { callable: number; noVoiceConsent: number }).noVoiceConsent,
  ).toBe(1);
  expect(errors).toEqual([]);
});
