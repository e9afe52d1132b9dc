import type { FastifyInstance } from "fastify";
import type { Permission } from "../../domain/permissions";
import type { Job } from "../background/job";
import type { Loop } from "../background/loop";
import type { AppContext } from "../http/context";
import type { EventConsumer } from "./events/event-relay";

/** Anyone may call it, signed in or not (sign-in, sign-up, links from e-mails, the docs). */
export const PUBLIC = "public";

/** What it takes to call a route: a permission (src/domain/permissions.ts) or PUBLIC. */
export type Rule = Permission | typeof PUBLIC;

/**
 * `"METHOD /path": rule` for every /api route a feature registers, read in a minute (listmonk's
 * `pm(handler, perm)` table). Which actor holds which permission is src/domain/permissions.ts;
 * what a permission still leaves to the data (an agent's groups, a restricted user's numbers, one's
 * own export) the service decides. http/policy.ts gathers every feature's into one table; a route
 * with no rule there stops the boot.
 */
export type Policy = Readonly<Record<string, Rule>>;

/** Adds routes to the app (awaited, in the order listed). */
export type RegisterRoutes = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/**
 * One server feature, declared in `src/server/features/<name>/feature.ts` and listed in
 * `FEATURES` (features/index.ts): what it adds to the HTTP app (routes and their rules) and to
 * the worker processes (jobs, loops, consumers of account events). Everything is optional but the
 * name; a feature with none of these (only services for others) needs no feature.ts.
 */
export interface Feature {
  /** The folder's name. */
  name: string;
  /** Its routes, registered by http/app.ts in FEATURES order. */
  routes?: readonly RegisterRoutes[];
  /**
   * Its carrier webhooks in Twilio's protocol (form-encoded, `X-Twilio-Signature`): mounted in one
   * scope that parses form bodies, and only when the carrier is Twilio or the emulator.
   */
  carrierWebhooks?: readonly RegisterRoutes[];
  /** The rule of every /api route it registers (`"METHOD /path": rule`), with their comments. */
  policy?: Policy;
  /**
   * Routes of its policy refused to a parent's user acting in a child account (managed accounts'
   * "Open"), whatever the child owner's level: what would outlive leaving (a key, an app's grant)
   * or is the child's people's own sign-in or mail.
   */
  notWhileActing?: readonly string[];
  /**
   * Routes of its policy that write nothing to the audit log, each with why: they change nothing
   * (a preview, a count, a validation, read marks), or no account's person makes the change (a
   * visitor's sign-up, a sign-in). Every other successful POST/PUT/PATCH/DELETE of a signed-in
   * person or an API key is recorded (http/change-audit.ts), unless its service wrote its own row.
   */
  notAudited?: Readonly<Record<string, string>>;
  /** Its pg-boss jobs (`*.job.ts`), run by worker processes (background/registry.ts). */
  // biome-ignore lint/suspicious/noExplicitAny: jobs of different payloads
  jobs?: readonly Job<any>[];
  /** Its claim loops of the send pipeline (`*.loop.ts`), unless SEND_PIPELINE=off. */
  pipelineLoops?: readonly Loop[];
  /** Its other claim loops, run by every worker process. */
  workerLoops?: readonly Loop[];
  /**
   * Its consumers of the account-events outbox: consumer name (a row of account_event_consumers,
   * added by its migration with the same types) → the types it handles and its handler.
   * Registered with the relay by background/registry.ts.
   */
  eventConsumers?: Readonly<Record<string, EventConsumer>>;
}

/** Declares a feature (a typed identity, so that a mistake shows where it is written). */
export function defineFeature<const F extends Feature>(feature: F): F {
  return feature;
}

/**
 * The one table of every feature's rules. Fails when two features give a rule to the same route:
 * each route has one owner, the feature that registers it.
 */
/** Every feature's routes refused while acting in another account, in one set. */
export function notWhileActingOf(features: readonly Feature[]): ReadonlySet<string> {
  return new Set(features.flatMap((f) => f.notWhileActing ?? []));
}

/** Every feature's routes that write no audit row, in one set. */
export function notAuditedOf(features: readonly Feature[]): ReadonlySet<string> {
  return new Set(features.flatMap((f) => Object.keys(f.notAudited ?? {})));
}

export function policyOf(features: readonly Feature[]): Record<string, Rule> {
  const table: Record<string, Rule> = {};
  const owner = new Map<string, string>();
  for (const feature of features) {
    for (const [key, rule] of Object.entries(feature.policy ?? {})) {
      const first = owner.get(key);
      if (first !== undefined)
        throw new Error(`"${key}" has a rule in two features: ${first} and ${feature.name}`);
      owner.set(key, feature.name);
      table[key] = rule;
    }
  }
  return table;
}
