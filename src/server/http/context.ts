import type { Actor, UserActor } from "../../domain/permissions";
import type { Carrier } from "../carriers/carrier";
import type { CarrierSettings } from "../carriers/credentials";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/connection";
import type { SafeHttp } from "../net/safe-http";
import type { FileStorage } from "../storage/storage";

export type { Actor, UserActor };

/** What every route and service can reach; built once at boot (createAppContext) and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  carrier: Carrier;
  carrierSettings: CarrierSettings;
  /** The wall clock services read (src/server/clock.ts); tests pass a TestClock. */
  clock: Clock;
  /** The HTTP client for URLs a tenant or visitor chose (src/server/net/safe-http.ts). */
  outbound: SafeHttp;
  /** Uploads, MMS media, imports and exports: DATA_DIR's folders or the S3 bucket (src/server/storage). */
  storage: FileStorage;
}

/** @deprecated The signed-in user is a `UserActor`; the name stays for the carrier emulator's routes. */
export type AuthContext = UserActor;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the session hook (src/server/http/session.ts). */
    actor: UserActor | null;
  }
}

/** The signed-in caller; the policy hook has refused the request before a route sees it without one. */
export function actorOf(request: { actor: UserActor | null }): UserActor {
  if (!request.actor) throw new Error("actorOf called on a public route");
  return request.actor;
}

/** @deprecated Use actorOf; kept for the carrier emulator's routes. */
export const authOf = actorOf;
