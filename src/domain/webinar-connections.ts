import { z } from "zod";
import { WEBINAR_PROVIDER_NAMES, WEBINAR_PROVIDERS, type WebinarProvider } from "./webinars";

/**
 * A business's own Zoom or GoTo account, connected by OAuth (authorization code): webinar imports
 * use its tokens, and the /zoom and /goto welcome pages sign up or log in through it.
 */
export const CONNECTION_TEXT = {
  connectFailed: (name: string) => `${name} could not be connected. Please try again.`,
  notConnectable: (name: string) => `Connecting ${name} is not set up on this server.`,
  notConnected: (name: string) =>
    `Connect your ${name} account first, or import the registrants from a CSV export.`,
  reconnect: (name: string) =>
    `${name} no longer accepts this connection. Disconnect it and connect ${name} again.`,
  connected: (name: string) => `${name} is connected.`,
  disconnected: (name: string) => `${name} is disconnected.`,
} as const;

/** What the person running the server sets to let businesses connect a provider (docs/configuration.md). */
export const OPERATOR_SETUP: Record<WebinarProvider, (origin: string) => string> = {
  zoom: (origin) =>
    `ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET (a Zoom OAuth app with the scopes user:read and webinar:read, redirect URL ${origin}/api/auth/sso/zoom/callback), or ZOOM_ACCESS_TOKEN for one shared Zoom account`,
  goto: (origin) =>
    `GOTO_CLIENT_ID and GOTO_CLIENT_SECRET (a GoTo OAuth client with the scope collab:, redirect URI ${origin}/api/auth/sso/goto/callback), or GOTO_ACCESS_TOKEN and GOTO_ORGANIZER_KEY for one shared GoTo account`,
};

/** The import page's note when a provider is not set up: the CSV way now, and what the operator sets. */
export function notSetUpNote(p: WebinarProvider, origin: string): string {
  const name = WEBINAR_PROVIDER_NAMES[p];
  return `${name} is not connected on this server. Export the registrants from ${name} as CSV and import the file, or ask whoever runs this Parley server to set ${OPERATOR_SETUP[p](origin)} and restart it; you can then connect ${name} here.`;
}

export const connectionProviderParams = z.object({ provider: z.enum(WEBINAR_PROVIDERS) });

/** Per service: whether this server can connect it, this account's connection, the fallback. */
export const providerConnection = z.object({
  /** The server has the service's OAuth app (client id and secret). */
  connectable: z.boolean(),
  /** This account's connected account at the service, if any. */
  connection: z.object({ email: z.string(), connectedAt: z.string() }).nullable(),
  /** The operator's deployment-wide token (ZOOM_ACCESS_TOKEN, GOTO_ACCESS_TOKEN) is set. */
  serverToken: z.boolean(),
});

export const connectionsResponse = z.object({ zoom: providerConnection, goto: providerConnection });
export type ConnectionsResponse = z.infer<typeof connectionsResponse>;

/** The welcome pages' question: which services offer 'Sign Up with …' on this server. */
export const ssoServicesResponse = z.object({ zoom: z.boolean(), goto: z.boolean() });

/** What /admin-signup is prefilled with after a sign-up through a service. */
export const ssoSignupResponse = z.object({
  provider: z.enum(WEBINAR_PROVIDERS),
  providerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type SsoSignup = z.infer<typeof ssoSignupResponse>;

/** The stored tokens of a connection; `expiresAt` in ms since the epoch. */
export interface ConnectionTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number;
}

/** Renew a minute early: a token about to end may end while a long import pages through. */
const REFRESH_LEEWAY_MS = 60_000;

export function tokenExpired(tokens: Pick<ConnectionTokens, "expiresAt">, now: number): boolean {
  return tokens.expiresAt - REFRESH_LEEWAY_MS <= now;
}

/** When a token answered with `expires_in` seconds ends (an hour when the service omits it). */
export function expiresAtOf(expiresIn: unknown, now: number): number {
  const seconds = Number(expiresIn);
  return now + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000;
}

/** A provider name for texts. */
export const providerName = (p: WebinarProvider) => WEBINAR_PROVIDER_NAMES[p];

export function isWebinarProvider(value: string): value is WebinarProvider {
  return (WEBINAR_PROVIDERS as readonly string[]).includes(value);
}
