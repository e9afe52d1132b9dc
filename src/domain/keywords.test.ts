import { describe, expect, it } from "vitest";
import { composeOptInReply } from "./keywords";

describe("composeOptInReply", () => {
  it("adds the missing disclosures in English to an English text", () => {
    expect(composeOptInReply("Thanks for signing up!", "Bean There").full).toBe(
      "Bean There: Thanks for signing up! Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    );
  });

  it("ends a Spanish text in Spanish, with the same disclosures", () => {
    const reply = composeOptInReply("¡Gracias por suscribirse!", "Bean There", "es").full;
    expect(reply).toBe(
      "Bean There: ¡Gracias por suscribirse! Pueden aplicarse tarifas de mensajes y datos. Responda AYUDA para obtener ayuda, PARAR para darse de baja.",
    );
    expect(reply).not.toMatch(/Reply|Msg & data/);
  });

  it("keeps what the business already wrote", () => {
    const own =
      "Bean There: Gracias. Pueden aplicarse tarifas de mensajes y datos. AYUDA ayuda, PARAR baja.";
    expect(composeOptInReply(own, "Bean There", "es").suffix).toEqual([]);
  });
});
