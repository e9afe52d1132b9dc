import { describe, expect, it } from "vitest";
import { CONNECTION_TEXT, notSetUpNote } from "../../../../domain/webinar-connections";
import { i18n } from "../../../i18n";
import { connectionText, notSetUpText } from "./connection-text";

describe("webinar connection texts", () => {
  const t = i18n.t.bind(i18n);
  it("say in English exactly what src/domain says", () => {
    for (const key of ["connectFailed", "connected", "disconnected"] as const)
      expect(connectionText(t, key, "Zoom")).toBe(CONNECTION_TEXT[key]("Zoom"));
    for (const p of ["zoom", "goto"] as const)
      expect(notSetUpText(t, p, "https://parley.example")).toBe(
        notSetUpNote(p, "https://parley.example"),
      );
  });
});
