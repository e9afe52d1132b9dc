import type { AppContext } from "../../http/context";
// Registers the phone alerts consumer of the events outbox (run by the send pipeline's relay).
import "./phone-alerts.service";
import { type RegistryLoop, startRegistryReviews } from "./registry-reviews.service";

/** What a worker process runs for registrations and add-ons: the registry's review loop. */
export function startRegistrations(ctx: AppContext): RegistryLoop {
  return startRegistryReviews(ctx);
}
