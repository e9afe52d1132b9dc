import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/connection";
import { globalSettings } from "../features/settings/settings.schema";

/** The Twilio protocol's settings: real Twilio, or the emulator mounted in this server. */
export interface TwilioSettings {
  mode: "twilio" | "emulator";
  accountSid: string;
  authToken: string;
  apiBase: string;
  lookupBase: string;
  /** How long a carrier call may take before its answer counts as lost (CARRIER_TIMEOUT_MS). */
  timeoutMs: number;
}

/** Telnyx API v2 (CARRIER=telnyx). */
export interface TelnyxSettings {
  mode: "telnyx";
  apiKey: string;
  /** The Ed25519 public key (base64 or PEM) that verifies Telnyx's webhooks. */
  publicKey: string;
  messagingProfileId: string;
  apiBase: string;
  timeoutMs: number;
}

export type CarrierSettings = TwilioSettings | TelnyxSettings;

/**
 * The Twilio protocol's settings, for code that only runs with it (the emulator, the Twilio
 * webhooks): a Telnyx set-up never mounts that code, so reaching here with Telnyx is a bug.
 */
export function twilioSettings(ctx: { carrierSettings: CarrierSettings }): TwilioSettings {
  const s = ctx.carrierSettings;
  if (s.mode === "telnyx") throw new Error("the Twilio protocol is not in use (CARRIER=telnyx)");
  return s;
}

const EMULATOR_KEY = "emulator.credentials";

/**
 * Telnyx or real Twilio when configured; otherwise the emulator mounted in this server under /emulator,
 * with credentials made once and kept in the database so every process signs alike.
 */
export async function loadCarrierSettings(db: Db, config: Config): Promise<CarrierSettings> {
  if (config.carrier === "telnyx") {
    return {
      mode: "telnyx",
      apiKey: config.TELNYX_API_KEY!,
      publicKey: config.TELNYX_PUBLIC_KEY!,
      messagingProfileId: config.TELNYX_MESSAGING_PROFILE_ID!,
      apiBase: config.TELNYX_API_BASE.replace(/\/+$/, ""),
      timeoutMs: config.CARRIER_TIMEOUT_MS,
    };
  }
  if (config.carrier === "twilio") {
    return {
      mode: "twilio",
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      apiBase: config.TWILIO_API_BASE.replace(/\/+$/, ""),
      lookupBase: config.TWILIO_LOOKUP_BASE.replace(/\/+$/, ""),
      timeoutMs: config.CARRIER_TIMEOUT_MS,
    };
  }
  const fresh = {
    accountSid: `AC${randomBytes(16).toString("hex")}`,
    authToken: randomBytes(16).toString("hex"),
  };
  await db
    .insert(globalSettings)
    .values({ name: EMULATOR_KEY, value: fresh })
    .onConflictDoNothing();
  const [row] = await db.select().from(globalSettings).where(eq(globalSettings.name, EMULATOR_KEY));
  const { accountSid, authToken } = row!.value as typeof fresh;
  const base = `http://127.0.0.1:${config.PORT}/emulator`;
  return {
    mode: "emulator",
    accountSid,
    authToken,
    apiBase: base,
    lookupBase: `${base}/lookups`,
    timeoutMs: config.CARRIER_TIMEOUT_MS,
  };
}
