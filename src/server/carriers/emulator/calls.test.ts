import { describe, expect, it } from "vitest";
import { sayTwiml } from "../twilio-adapter";
import { espeakVoice, parseSay, wavSeconds } from "./calls.service";

describe("the emulator's reading of a call", () => {
  it("reads back the <Say> the adapter writes, escaped text included", () => {
    const twiml = sayTwiml('Tom & Jerry say "hi" <3', "woman", "es-ES");
    expect(parseSay(twiml)).toEqual({
      text: 'Tom & Jerry say "hi" <3',
      voice: "woman",
      language: "es-ES",
    });
  });

  it("speaks Spanish with espeak-ng's es voice and a woman with variant f3", () => {
    expect(espeakVoice("es-ES", "man")).toBe("es");
    expect(espeakVoice("en-US", "woman")).toBe("en-us+f3");
  });

  it("measures a WAV by its data size over its byte rate", () => {
    const header = Buffer.alloc(44);
    header.write("RIFF", 0, "ascii");
    header.write("WAVE", 8, "ascii");
    header.write("fmt ", 12, "ascii");
    header.writeUInt32LE(16, 16);
    header.writeUInt32LE(44_100, 28);
    header.write("data", 36, "ascii");
    header.writeUInt32LE(88_200, 40);
    expect(wavSeconds(Buffer.concat([header, Buffer.alloc(88_200)]))).toBe(2);
  });
});
