import type { Config } from "../../config";
import type { CarrierSettings } from "../credentials";
import type { Registry } from "./registry";
import { RegistryEmulator } from "./registry-emulator";
import { TELNYX_REGISTRY_WEBHOOK_PATH, TelnyxRegistry } from "./telnyx-registry";
import { TWILIO_REGISTRY_WEBHOOK_PATH, TwilioRegistry } from "./twilio-registry";

const made = new WeakMap<CarrierSettings, Registry>();

/**
 * The registry goes with the carrier: Twilio's A2P and toll-free APIs with CARRIER=twilio,
 * Telnyx's with CARRIER=telnyx, the built-in emulator otherwise (its reviews are simulated).
 */
export function currentRegistry(ctx: {
  config: Config;
  carrierSettings: CarrierSettings;
}): Registry {
  const s = ctx.carrierSettings;
  let registry = made.get(s);
  if (registry) return registry;
  if (s.mode === "twilio")
    registry = new TwilioRegistry({
      accountSid: s.accountSid,
      authToken: s.authToken,
      apiBase: s.apiBase,
      messagingBase: ctx.config.TWILIO_MESSAGING_BASE.replace(/\/+$/, ""),
      trusthubBase: ctx.config.TWILIO_TRUSTHUB_BASE.replace(/\/+$/, ""),
      primaryProfileSid: ctx.config.TWILIO_PRIMARY_CUSTOMER_PROFILE_SID,
      statusCallback: `${ctx.config.webhookBase}${TWILIO_REGISTRY_WEBHOOK_PATH}`,
      timeoutMs: s.timeoutMs,
    });
  else if (s.mode === "telnyx")
    registry = new TelnyxRegistry({
      apiKey: s.apiKey,
      apiBase: s.apiBase,
      timeoutMs: s.timeoutMs,
      webhookUrl: `${ctx.config.webhookBase}${TELNYX_REGISTRY_WEBHOOK_PATH}`,
    });
  else registry = new RegistryEmulator();
  made.set(s, registry);
  return registry;
}
