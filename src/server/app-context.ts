import { loadCarrierSettings } from "./carriers/credentials";
import { TelnyxAdapter } from "./carriers/telnyx-adapter";
import { TwilioAdapter } from "./carriers/twilio-adapter";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/connection";
import type { AppContext } from "./http/context";
import { type Resolver, SafeHttp } from "./net/safe-http";
import { createStorage } from "./storage/create-storage";

/** Everything a process shares between its routes, jobs and services. */
export async function createAppContext(
  config: Config,
  db: Db,
  clock: Clock = systemClock,
  /** The DNS look-up of the outbound client (tests answer names themselves). */
  resolver?: Resolver,
): Promise<AppContext> {
  const carrierSettings = await loadCarrierSettings(db, config);
  const carrier =
    carrierSettings.mode === "telnyx"
      ? new TelnyxAdapter(carrierSettings)
      : new TwilioAdapter(carrierSettings);
  const outbound = new SafeHttp(config.outboundAllow, resolver);
  return { config, db, carrierSettings, carrier, clock, outbound, storage: createStorage(config) };
}
