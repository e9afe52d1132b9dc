import { describe, expect, it } from "vitest";
import { isValidTwilioSignature, twilioSignature } from "./twilio-signature";

const TOKEN = "12345";
const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+14158675309",
  Digits: "1234",
  From: "+14158675309",
  To: "+18005551212",
};

describe("twilioSignature", () => {
  it("matches Twilio's published example", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe("RSOYDt4T1cUTdK1PDd93/VVr8B8=");
  });

  it("rejects a wrong token, an altered parameter, another URL, or no signature", () => {
    const good = twilioSignature(TOKEN, URL, PARAMS);
    expect(isValidTwilioSignature(TOKEN, URL, PARAMS, good)).toBe(true);
    expect(isValidTwilioSignature("other", URL, PARAMS, good)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL, { ...PARAMS, Digits: "9999" }, good)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, `${URL}&x=1`, PARAMS, good)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL, PARAMS, "short")).toBe(false);
  });
});
