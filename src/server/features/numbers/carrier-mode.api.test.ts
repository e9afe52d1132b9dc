import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

// The web shows the virtual phones page only when the built-in emulator is the carrier.
const emulated = await createTestServer();
const twilio = await createTestServer({
  env: {
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    PAYMENTS: "test",
    TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
  },
});

async function ownerCookie(t: typeof emulated) {
  const { user } = await buildAccountWithUser(t.db);
  return loginAs(t.app, user.username, user.password);
}

describe("which carrier the account sees", () => {
  it("says the emulator is the carrier, and serves virtual phones", async () => {
    const cookie = await ownerCookie(emulated);
    const me = await emulated.get("/api/account/me", { cookie });
    expect(me.json().carrierEmulator).toBe(true);
    expect(me.json().carrierVoice).toBe(true);
    expect((await emulated.get("/api/virtual-phones", { cookie })).statusCode).toBe(200);
  });

  it("says so when a real carrier is configured, and has no virtual phones", async () => {
    const cookie = await ownerCookie(twilio);
    const me = await twilio.get("/api/account/me", { cookie });
    expect(me.json().carrierEmulator).toBe(false);
    expect(me.json().carrierVoice).toBe(true);
    expect((await twilio.get("/api/virtual-phones", { cookie })).statusCode).toBe(404);
  });
});
