import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { API_KEY_TEXT, scopeGranting } from "../../domain/api-keys";
import { AppError } from "../../domain/errors";
import { assertNotActing } from "../../domain/managed-accounts";
import { can, type Permission } from "../../domain/permissions";
import { TEXT } from "../../domain/texts";
import { notWhileActingOf, PUBLIC, policyOf, type Rule } from "../features/feature";
import { FEATURES } from "../features/index";
import { isKeyRoute } from "./api-auth";
import { SESSION_ENDED } from "./session";

export { PUBLIC, type Rule } from "../features/feature";

/**
 * Every /api route with what it takes to call it: the rules each feature declares in its
 * `feature.ts` (`policy`), gathered into one table (a route with a rule in two features stops the
 * load). A route missing here stops the server at boot. docs/routes.md is this table to read
 * (`npm run docs:routes`).
 */
export const POLICY: Record<string, Rule> = policyOf(FEATURES);

/**
 * Refused to a parent's user acting in a child account (managed accounts' "Open"): each feature
 * names its own in `notWhileActing` (2FA, API keys, an app's grant, the mailbox). Public routes that
 * change a sign-in (phone verification) and /api/v1 (users) refuse it in their services.
 */
export const NOT_WHILE_ACTING: ReadonlySet<string> = notWhileActingOf(FEATURES);

/** Routes outside /api that the carrier and the public reach (webhooks, media, short links). */
const OUTSIDE_API = (url: string) => !url.startsWith("/api/") && url !== "/api";

function policyKey(method: string, url: string): string {
  // Fastify adds a HEAD route for every GET: it answers what the GET would.
  return `${method === "HEAD" ? "GET" : method} ${url}`;
}

/**
 * Whether anyone may call this route (its rule is PUBLIC): sign-in, sign-up, links from e-mails,
 * public counters. Such a request acts for no account, whoever's cookie comes along.
 */
export function isPublicRoute(method: string, routeUrl: string): boolean {
  return POLICY[policyKey(method, routeUrl)] === PUBLIC;
}

function enforce(perm: Permission, key: string): onRequestAsyncHookHandler {
  const personal = NOT_WHILE_ACTING.has(key);
  return async (request: FastifyRequest) => {
    // /api/v1 answers to API keys only (api-auth.ts); the rest of /api to the session.
    const keyRoute = isKeyRoute(request.url);
    const actor = keyRoute ? request.apiCaller?.actor : request.actor;
    if (!actor)
      throw new AppError("UNAUTHENTICATED", keyRoute ? API_KEY_TEXT.missing : SESSION_ENDED);
    if (!can(actor, perm)) {
      // A program reads the body: it names the scope the key lacks. People get the screen's text.
      throw new AppError(
        "FORBIDDEN",
        actor.kind === "api_key" ? API_KEY_TEXT.missingScope(scopeGranting(perm)) : TEXT.notAllowed,
      );
    }
    if (personal) assertNotActing(actor);
  };
}

/**
 * Puts the policy in front of every /api route (after the session hook, before validation, so a
 * caller without the right learns nothing from the body's errors). Call before any route is added;
 * a route with no entry fails the boot.
 */
export function registerPolicy(app: FastifyInstance, policy: Record<string, Rule> = POLICY) {
  const missing: string[] = [];
  app.addHook("onRoute", (route) => {
    if (OUTSIDE_API(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const rule = policy[policyKey(method, route.url)];
      if (!rule) {
        missing.push(policyKey(method, route.url));
        continue;
      }
      if (rule === PUBLIC) continue;
      const own = route.onRequest;
      route.onRequest = [
        enforce(rule, policyKey(method, route.url)),
        ...(own ? (Array.isArray(own) ? own : [own]) : []),
      ];
    }
  });
  app.addHook("onReady", async () => {
    if (missing.length > 0) {
      throw new Error(
        `These /api routes have no rule in the policy of the feature that registers them (its feature.ts): ${[...new Set(missing)].join(", ")}`,
      );
    }
  });
}
