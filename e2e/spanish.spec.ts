import { expect, type Page, test } from "@playwright/test";
import {
  keepScreenshot,
  logInAsDemo,
  MOBILE,
  seriousA11yViolations as violations,
  watchConsole,
} from "./support";

// A user switches the app to Spanish in Settings: the shell, the dashboard, the inbox and the
// settings speak Spanish at once and after a reload, with no accessibility violation and nothing
// wider than a phone; switching back brings the spec's English texts again.

const DESKTOP = { width: 1280, height: 720 };

async function pickLanguage(page: Page, label: string, language: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: language, exact: true }).click();
}

/** The user's language saved on the server, as the Language card saves it. */
function saveLocale(page: Page, locale: "en" | "es") {
  return page.request.put("/api/account/me/locale", {
    data: { locale },
    headers: { "x-parley-csrf": "1" },
  });
}

/** Nothing sticks out sideways: longer Spanish texts wrap instead of widening the page. */
async function expectNoSidewaysOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

async function checkScreen(page: Page, name: string, found: string[]) {
  for (const [width, size] of [
    ["desktop", DESKTOP],
    ["phone", MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    for (const v of await violations(page)) found.push(`${name} (${width}): ${v}`);
    await expectNoSidewaysOverflow(page);
    await keepScreenshot(page, `spanish-${name}-${width}`);
  }
  await page.setViewportSize(DESKTOP);
}

test("the app in Spanish on its main screens, then back to the spec's English", async ({
  page,
}) => {
  // Four screens, each scanned at two widths, on 2 busy cores.
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await page.setViewportSize(DESKTOP);
  await logInAsDemo(page, "/settings");
  try {
    await expect(page.getByRole("heading", { name: "Settings", level: 2 })).toBeVisible();
    await pickLanguage(page, "Language", "Español");

    // At once, without a reload: the page, the top bar, the sidebar and the document's language.
    await expect(page.getByRole("heading", { name: "Configuración", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Configuración", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByRole("link", { name: "Bandeja de entrada" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Enviar mensaje" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Perfil del negocio" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Guardar perfil" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Zona horaria" })).toHaveValue(/Hora del Este/);

    // The choice is the user's, kept by the server: a reload comes back in Spanish.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Configuración", level: 2 })).toBeVisible();
    const found: string[] = [];
    await checkScreen(page, "settings", found);

    // The top bar's bell and the user menu.
    await expect(page.getByRole("link", { name: /^Notificaciones/ })).toBeVisible();
    await page.getByRole("button", { name: "Menú de la cuenta" }).click();
    await expect(page.getByRole("menuitem", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Acerca de Parley" })).toBeVisible();
    await page.keyboard.press("Escape");

    await sidebar.getByRole("link", { name: "Panel" }).click();
    await expect(page.getByRole("heading", { name: "Panel", level: 2 })).toBeVisible();
    await expect(page.getByTestId("stat-sent")).toContainText("Mensajes enviados");
    await expect(page.getByTestId("recent-runs")).toContainText("Mensajes recientes");
    await expect(page.getByTestId("upcoming-sends")).toContainText("Próximos mensajes");
    await checkScreen(page, "dashboard", found);

    await sidebar.getByRole("link", { name: "Bandeja de entrada" }).click();
    await expect(page.getByRole("textbox", { name: "Buscar conversaciones" })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^Todas/ })).toBeVisible();
    await expect(page.getByText("Seleccione una respuesta", { exact: true })).toBeVisible();
    await checkScreen(page, "inbox", found);
    expect(found).toEqual([]);

    // Logging out leaves the login page in English; the next sign-in brings the user's Spanish.
    await page.getByRole("button", { name: "Menú de la cuenta" }).click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await expect(page.getByRole("button", { name: "Log In", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await logInAsDemo(page, "/settings");
    await expect(page.getByRole("heading", { name: "Configuración", level: 2 })).toBeVisible();

    // Back to English: the spec's texts, exactly.
    await pickLanguage(page, "Idioma", "English");
    await expect(page.getByRole("heading", { name: "Settings", level: 2 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(sidebar.getByRole("link", { name: "Inbox", exact: true })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Send Message", exact: true })).toBeVisible();
    await sidebar.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page.getByTestId("stat-sent")).toContainText("Messages sent");
    await expect(page.getByTestId("recent-runs")).toContainText("Recent messages");
  } finally {
    // The demo user serves the next journeys of this server: they expect English.
    await saveLocale(page, "en");
  }
  expect(errors).toEqual([]);
});

/** The main screens of every area, each with a heading it shows in Spanish. */
const SPANISH_SCREENS: [path: string, heading: string][] = [
  ["/manage-groups", "Grupos"],
  ["/optins/keywords", "Palabras clave"],
  ["/growth", "Crecimiento"],
  ["/messages/drip-campaigns", "Campañas por goteo"],
  ["/workflows/form/new/trigger", "Crear flujo de trabajo"],
  ["/marketing/loyalty-rewards", "Programa de lealtad"],
  ["/webinars/import", "Importar asistentes de webinar"],
  ["/help", "Ayuda"],
  ["/dedicated-numbers", "Números dedicados"],
  ["/subscribers/import", "Importar suscriptores"],
  ["/developer-dashboard", "Claves de API y webhooks"],
  ["/settings/audit-log", "Registro de auditoría"],
];

test("every area's main screen in Spanish: its heading, no accessibility violation, nothing wider than a phone", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  await logInAsDemo(page, "/settings");
  const found: string[] = [];
  try {
    expect((await saveLocale(page, "es")).ok()).toBe(true);
    for (const [path, heading] of SPANISH_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
      await checkScreen(page, path.slice(1).replaceAll("/", "-"), found);
    }
  } finally {
    await saveLocale(page, "en");
  }
  expect(found).toEqual([]);
  expect(errors).toEqual([]);
});
