import type { AppContext } from "../../http/context";
import { keyRing, open, seal } from "../auth/secret-box";

/** What a connection holds of the other system's secrets; sealed at rest (secret-box.ts). */
export type Credentials =
  | { kind: "hubspot_token"; accessToken: string }
  | { kind: "hubspot_oauth"; accessToken: string; refreshToken: string | null; expiresAt: number }
  | { kind: "customerio"; siteId: string; apiKey: string };

export function sealCredentials(ctx: AppContext, creds: Credentials): string {
  return seal(keyRing(ctx.config), JSON.stringify(creds));
}

export function openCredentials(ctx: AppContext, sealed: string): Credentials {
  return JSON.parse(open(keyRing(ctx.config), sealed)) as Credentials;
}
