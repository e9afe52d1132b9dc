import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/connection";
import { globalSettings } from "../db/schema";

export interface CarrierSettings {
  mode: "twilio" | "emulator";
  accountSid: string;
  authToken: string;
  apiBase: string;
  lookupBase: string;
  /** How long a carrier call may take before its answer counts as lost (CARRIER_TIMEOUT_MS). */
  timeoutMs: number;
}

const EMULATOR_KEY = "emulator.credentials";

/**
 * Real Twilio when configured; otherwise the emulator mounted in this server under /emulator,
 * with credentials made once and kept in the database so every process signs alike.
 */
export async function loadCarrierSettings(db: Db, config: Config): Promise<CarrierSettings> {
  if (!config.useEmulator) {
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
