import { afterAll, describe, expect, it } from "vitest";
import { outsideHoursNote, paceEstimate } from "../../domain/send-wait";
import { formatDateTime } from "../lib/format-date-time";
import { plural } from "../lib/plural";
import {
  formatNumber,
  i18n,
  setAppLocale,
  translateFields,
  translateMessage,
  translatePhrase,
} from ".";

// The instance as the screens use it: English texts are their own keys, Spanish loads on demand.
describe("the app's languages", () => {
  afterAll(() => setAppLocale("en"));

  it("shows the spec's English as written, with English's own singular", async () => {
    await setAppLocale("en");
    expect(i18n.t("Send Message")).toBe("Send Message");
    expect(i18n.t("{{n}} recipients", { count: 1, n: "1" })).toBe("1 recipient");
    expect(i18n.t("{{n}} recipients", { count: 1200, n: formatNumber(1200) })).toBe(
      "1,200 recipients",
    );
    expect(translateMessage("You are not allowed to access this page")).toBe(
      "You are not allowed to access this page",
    );
    expect(formatDateTime("2026-03-05T20:04:00Z", "America/New_York")).toBe(
      "Mar 5, 2026, 3:04 PM EST",
    );
    expect(plural(1200, "person", "people")).toBe("1,200 people");
  });

  it("speaks Spanish once loaded: catalogs, plurals, known server texts, dates", async () => {
    await setAppLocale("es");
    expect(i18n.t("Send Message")).toBe("Enviar mensaje");
    expect(i18n.t("{{n}} recipients", { count: 1, n: "1" })).toBe("1 destinatario");
    expect(i18n.t("{{n}} recipients", { count: 3, n: "3" })).toBe("3 destinatarios");
    expect(translateMessage("You are not allowed to access this page")).toBe(
      "No tiene permiso para acceder a esta página",
    );
    // A text no catalog knows (a server's message with a name in it) stays as it came.
    expect(translateMessage("Joe's Pizza was deleted")).toBe("Joe's Pizza was deleted");
    expect(translateFields({ businessName: "Business name is required" })).toEqual({
      businessName: "El nombre del negocio es obligatorio",
    });
    expect(formatDateTime("2026-03-05T20:04:00Z", "America/New_York")).toMatch(/^5 mar 2026/);
  });

  it("words the server's composed sentences whole in either language, numbers as each writes them", async () => {
    // 21:30 in New York (outside the law's hours), 20:30 in Chicago (Texas open until 9 PM).
    const at = new Date("2026-11-25T02:30:00Z");
    const note = outsideHoursNote(
      [
        { state: "NY", timeZone: "America/New_York", count: 1200 },
        { state: "TX", timeZone: "America/Chicago", count: 300 },
      ],
      at,
      { lawfulHours: true, quietHours: [] },
    );
    const pace = paceEstimate(2000, 0.25);
    if (!note || !pace) throw new Error("expected a note and a pace");
    await setAppLocale("en");
    expect(translatePhrase(note)).toBe(note.text);
    expect(note.text).toBe(
      "1,200 of 1,500 recipients are outside legal hours now; they get it from 8:00 AM their time",
    );
    expect(translatePhrase(pace)).toBe(pace.text);
    await setAppLocale("es");
    expect(translatePhrase(note)).toBe(
      `${formatNumber(1200)} de ${formatNumber(1500)} destinatarios están fuera del horario legal ahora; lo recibirán a partir de las 8:00 AM, hora local`,
    );
    expect(translatePhrase(pace)).toBe(
      `unas ${formatNumber(2.2)} horas al ritmo de este número (15 mensajes por minuto)`,
    );
  });
});
