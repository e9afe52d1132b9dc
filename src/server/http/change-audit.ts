import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuditChanges, diffFields, routeAuditAction } from "../../domain/audit";
import { recordRouteChange } from "../features/audit/audit.service";
import { notAuditedOf, PUBLIC } from "../features/feature";
import { FEATURES } from "../features/index";
import { isKeyRoute } from "./api-auth";
import type { AppContext } from "./context";
import { POLICY } from "./policy";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Routes whose feature says they write no audit row (`notAudited` in its feature.ts). */
export const NOT_AUDITED: ReadonlySet<string> = notAuditedOf(FEATURES);

/**
 * Whether a successful call of this route gets the route-level audit row: a write, behind a
 * session or a key (public routes act for no account), not declared as changing nothing.
 */
export function auditedAtRoute(
  method: string,
  routeUrl: string,
  policy: Record<string, string> = POLICY,
  notAudited: ReadonlySet<string> = NOT_AUDITED,
): boolean {
  if (!WRITES.has(method)) return false;
  const key = `${method} ${routeUrl}`;
  const rule = policy[key];
  return rule !== undefined && rule !== PUBLIC && !notAudited.has(key);
}

/** The longest answer read for the changed thing's id and name (a list answer is not parsed). */
const MAX_PARSED = 64 * 1024;

function parsed(payload: unknown): Record<string, unknown> | null {
  if (typeof payload !== "string" || payload.length > MAX_PARSED || payload[0] !== "{") return null;
  try {
    const value = JSON.parse(payload) as unknown;
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const LABEL_FIELDS = ["name", "title", "keyword", "label", "url", "email", "username", "phone"];

function targetOf(request: FastifyRequest, area: string, answer: Record<string, unknown> | null) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const fromRoute = params.id ?? Object.values(params)[0];
  const id = fromRoute ?? answer?.id;
  const label = LABEL_FIELDS.map((f) => answer?.[f]).find(
    (v): v is string => typeof v === "string" && v.length > 0,
  );
  return {
    type: area,
    id: typeof id === "string" || typeof id === "number" ? id : null,
    label: label ? label.slice(0, 200) : null,
  };
}

/**
 * Words of a field's name whose value never goes to the log (an integration's `apiKey`, a card's
 * `number` and `cvc`, a code): only that it changed. Wider than diffFields' own mask, because a
 * route's body is not a record the service chose to show.
 */
const SENSITIVE_WORDS = new Set([
  "password",
  "pass",
  "passphrase",
  "secret",
  "token",
  "key",
  "apikey",
  "otp",
  "signing",
  "credential",
  "credentials",
  "auth",
  "authorization",
  "pin",
  "code",
  "cvc",
  "cvv",
  "card",
  "number",
  "iban",
  "ssn",
  "ein",
  "tax",
]);

export function sensitiveField(name: string): boolean {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => SENSITIVE_WORDS.has(word));
}

/**
 * What an edit set, from its body: the short plain values, and that a longer, structured or
 * sensitive one changed. Not for creations and deletions, whose row names the thing, nor for
 * billing (cards); at most 20 fields.
 */
function sentFields(request: FastifyRequest, rule: string | undefined): AuditChanges {
  if (request.method !== "PUT" && request.method !== "PATCH") return {};
  if (rule?.startsWith("billing")) return {};
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const after: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>).slice(0, 20)) {
    const plain =
      value === null ||
      typeof value === "boolean" ||
      typeof value === "number" ||
      (typeof value === "string" && value.length <= 200);
    after[name] = plain && !sensitiveField(name) ? value : "(changed)";
  }
  return diffFields(null, after);
}

/**
 * One audit row for every successful change made through the API by a signed-in person, an API
 * key or a parent acting in a managed account, unless the change's service wrote its own richer
 * row (markAudited in request-meta.ts). Written once the answer is decided (2xx), before it
 * leaves, so the caller never sees a change the log lacks; public routes (visitors, carriers)
 * never reach it. MCP tools record their own (mcp-tools.ts).
 */
export function registerChangeAudit(app: FastifyInstance, ctx: AppContext) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const route = request.routeOptions.url;
    if (!route || !auditedAtRoute(request.method, route)) return payload;
    // A replayed answer (Idempotency-Key) is the first call's, recorded then.
    if (request.meta?.audited || reply.getHeader("idempotent-replayed")) return payload;
    const actor = isKeyRoute(request.url) ? request.apiCaller?.actor : request.actor;
    if (!actor) return payload;
    const action = routeAuditAction(request.method, route);
    try {
      await recordRouteChange(ctx, actor, {
        action,
        target: targetOf(request, action.split(".")[0]!, parsed(payload)),
        changes: sentFields(request, POLICY[`${request.method} ${route}`]),
      });
    } catch (err) {
      // The change is made; a missing row is an operator's alarm, not the caller's failure.
      request.log.error({ err, route, action }, "audit row not written");
    }
    return payload;
  });
}
