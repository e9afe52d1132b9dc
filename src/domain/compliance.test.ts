import { describe, expect, it } from "vitest";
import {
  COMPLIANCE_KEYWORDS,
  classifyInbound,
  helpReply,
  programName,
  startConfirmation,
  stopConfirmation,
} from "./compliance";

const kindOf = (body: string, optedOut = false) =>
  classifyInbound(body, { optedOut })?.kind ?? null;
const langOf = (body: string, optedOut = false) =>
  classifyInbound(body, { optedOut })?.lang ?? null;

describe("classifyInbound: the word tables", () => {
  const stops = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"];
  const spanishStops = ["PARAR", "ALTO", "CANCELAR", "BAJA"];

  it("honours every English opt-out word in upper, lower and mixed case", () => {
    for (const w of stops) {
      for (const v of [w, w.toLowerCase(), w[0] + w.slice(1).toLowerCase()]) {
        expect(kindOf(v), v).toBe("stop");
        expect(langOf(v), v).toBe("en");
      }
    }
  });

  it("reads OPT OUT written apart or hyphenated", () => {
    for (const v of ["OPT OUT", "opt out", "Opt-out", "opt-out please"])
      expect(kindOf(v), v).toBe("stop");
  });

  it("honours the Spanish opt-out words, answered in Spanish", () => {
    for (const w of spanishStops) {
      for (const v of [w, w.toLowerCase(), `${w}!`]) {
        expect(kindOf(v), v).toBe("stop");
        expect(langOf(v), v).toBe("es");
      }
    }
  });

  it("accepts surrounding spaces, punctuation and a few courtesy words", () => {
    for (const v of [
      " Stop ",
      "stop.",
      "STOP!!",
      "Stop please",
      "please stop",
      "STOP. Thanks",
      "stop texting me",
      "please stop texting me",
      "Stop sending me messages",
      "stop stop stop",
      "¡PARAR!",
      "parar por favor",
      "Baja, gracias",
      "unsubscribe 🙏",
      "ok stop",
    ])
      expect(kindOf(v), v).toBe("stop");
  });

  it("does not read a sentence that merely contains the word as an opt-out", () => {
    for (const v of [
      "I can't stop smiling, when do you open?",
      "Hi, do you sell gift cards?",
      "stop it",
      "Cancel my appointment",
      "The end.",
      "When does the sale end?",
      "please stop texting me so early in the morning",
      "stopping by later",
      "",
      "   ",
      "🙂",
    ])
      expect(kindOf(v), v).toBeNull();
  });

  it("opts back in with START, UNSTOP, COMENZAR and ALTA always", () => {
    for (const v of ["START", "start", "Unstop", "Start please"]) {
      expect(kindOf(v), v).toBe("start");
      expect(langOf(v), v).toBe("en");
    }
    for (const v of ["COMENZAR", "comenzar", "Alta"]) {
      expect(kindOf(v), v).toBe("start");
      expect(langOf(v), v).toBe("es");
    }
  });

  it("reads YES and SÍ as an opt-in only from a number that has opted out", () => {
    for (const v of ["YES", "yes", "Yes please", "SI", "Sí", "sí, gracias"]) {
      expect(kindOf(v, false), v).toBeNull();
      expect(kindOf(v, true), v).toBe("start");
    }
    expect(langOf("Sí", true)).toBe("es");
    expect(langOf("yes", true)).toBe("en");
    expect(kindOf("Yes I would like to book for Friday", true)).toBeNull();
  });

  it("answers HELP, INFO and AYUDA", () => {
    for (const v of ["HELP", "help", "Help!", "help please", "INFO", "info?"]) {
      expect(kindOf(v), v).toBe("help");
      expect(langOf(v), v).toBe("en");
    }
    for (const v of ["AYUDA", "ayuda", "Ayuda por favor"]) {
      expect(kindOf(v), v).toBe("help");
      expect(langOf(v), v).toBe("es");
    }
    expect(kindOf("I need help with my order")).toBeNull();
    expect(kindOf("more info")).toBeNull();
  });

  it("lets an opt-out win over another keyword in the same short message", () => {
    expect(kindOf("STOP HELP")).toBe("stop");
    expect(kindOf("help stop")).toBe("stop");
  });

  it("gives every keyword a kind and a language", () => {
    for (const [word, entry] of Object.entries(COMPLIANCE_KEYWORDS)) {
      expect(classifyInbound(word, { optedOut: true })?.kind, word).toBe(entry.kind);
      expect(classifyInbound(word, { optedOut: true })?.lang, word).toBe(entry.lang);
    }
  });
});

describe("answers", () => {
  it("confirms an opt-out in the word's language", () => {
    expect(stopConfirmation("Acme")).toBe(
      "Acme: You have been unsubscribed and will receive no further messages. Reply START to resubscribe.",
    );
    expect(stopConfirmation("Acme", "es")).toContain("Se ha dado de baja");
    expect(stopConfirmation("Acme", "es")).toContain("COMENZAR");
  });

  it("confirms an opt-in naming the program", () => {
    expect(startConfirmation("Acme")).toBe(
      "Acme: You are subscribed to Acme text alerts. Msg & data rates may apply. Reply HELP for help, STOP to opt out.",
    );
    expect(startConfirmation("Acme", "es")).toContain("PARAR");
  });

  it("names the business, the program, the rates and a contact in HELP", () => {
    expect(helpReply({ businessName: "Acme", contact: "help@acme.test", optedOut: false })).toBe(
      "Acme text alerts. Help: help@acme.test. Msg & data rates may apply. Reply STOP to opt out.",
    );
  });

  it("never tells an opted-out number to reply STOP", () => {
    const en = helpReply({ businessName: "Acme", contact: "help@acme.test", optedOut: true });
    expect(en).not.toContain("STOP");
    expect(en).toContain("Reply START to resubscribe");
    expect(en).toContain("Msg & data rates may apply");
    const es = helpReply({ businessName: "Acme", contact: "x", optedOut: true, lang: "es" });
    expect(es).not.toContain("PARAR");
    expect(es).toContain("COMENZAR");
  });

  it("names the business once, and never doubles a full stop", () => {
    const es = helpReply({
      businessName: "Parley Demo Coffee Co.",
      contact: "hello@demo.test",
      optedOut: false,
      lang: "es",
    });
    expect(es).toBe(
      "Alertas de texto de Parley Demo Coffee Co. Ayuda: hello@demo.test. Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para darse de baja.",
    );
    expect(es).not.toContain("..");
    expect(startConfirmation("Parley Demo Coffee Co.", "es")).not.toContain("..");
    const en = helpReply({ businessName: "Bean There", contact: "x@y.test", optedOut: false });
    expect(en.match(/Bean There/g)).toHaveLength(1);
    // A description without the name keeps the name in front.
    expect(
      helpReply({
        businessName: "Acme",
        contact: "",
        description: "Weekly deals",
        optedOut: false,
      }),
    ).toBe("Acme: Weekly deals. Msg & data rates may apply. Reply STOP to opt out.");
  });

  it("uses the account's program description when it has one", () => {
    expect(programName("Acme", "en", "Acme weekly deals.")).toBe("Acme weekly deals");
    expect(programName("Acme", "es")).toBe("Alertas de texto de Acme");
    expect(
      helpReply({
        businessName: "Acme",
        contact: "+15551234567",
        description: "Acme weekly deals",
        optedOut: false,
        lang: "es",
      }),
    ).toBe(
      "Acme weekly deals. Ayuda: +15551234567. Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para darse de baja.",
    );
  });
});
