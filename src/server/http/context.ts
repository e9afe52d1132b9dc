import type { Carrier } from "../carriers/carrier";
import type { CarrierSettings } from "../carriers/credentials";
import type { Config } from "../config";
import type { Db } from "../db/connection";

/** What every route and service can reach; built once at boot (createAppContext) and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  carrier: Carrier;
  carrierSettings: CarrierSettings;
}

/** Who is calling, set by the session hook on authenticated routes. */
export interface AuthContext {
  sessionId: string;
  userId: number;
  accountId: number;
  /** 0 Agent … 3 Owner (src/domain/permissions.ts). */
  permissionLevel: number;
  restricted: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated caller; routes behind requireAuth can rely on it. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error("authOf called on an unauthenticated route");
  return request.auth;
}
