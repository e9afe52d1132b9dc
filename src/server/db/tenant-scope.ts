import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/**
 * The second wall behind `ownedBy(...)`: PostgreSQL row-level security. While a request acts for
 * an account, every connection it takes from the pool runs as the role `parley_tenant` with
 * `parley.account_id` set, and the policies of migration 0039 show and accept only that account's
 * rows, so a query that forgets its account filter finds nothing of anyone else. Work outside a
 * request (jobs, the dispatcher, carrier webhooks, sign-in) has no account and runs as the owner.
 */
export const TENANT_ROLE = "parley_tenant";

interface TenantStore {
  /** The account this work acts for; null while unknown (before sign-in) or for system work. */
  accountId: number | null;
  /** Connections this work has checked out and not yet released (transactions). */
  held: number;
  /** The scope this one was started in: what it holds, this work holds too. */
  parent?: TenantStore;
}

const scope = new AsyncLocalStorage<TenantStore>();

/** The account the current work is walled into, if any. */
export function currentTenant(): number | null {
  return scope.getStore()?.accountId ?? null;
}

/**
 * Runs `fn` in a store of its own whose account is set later (`enterTenant`): a request starts
 * one before it knows who is calling.
 */
export function runInTenantScope<T>(fn: () => T): T {
  return scope.run({ accountId: null, held: 0, parent: scope.getStore() }, fn);
}

/** Walls the current scope (started by `runInTenantScope`) into one account. */
export function enterTenant(accountId: number): void {
  const store = scope.getStore();
  if (store) store.accountId = accountId;
}

/** Lifts the wall of the current scope: what a request leaves running after its answer. */
export function leaveTenant(): void {
  const store = scope.getStore();
  if (store) store.accountId = null;
}

/** Runs `fn` walled into one account. */
export function asTenant<T>(accountId: number, fn: () => T): T {
  return scope.run({ accountId, held: 0, parent: scope.getStore() }, fn);
}

/**
 * Runs `fn` as the system, outside any account's wall: the few things a request does across
 * accounts on purpose (a parent account creating or reading its children, a username checked
 * across every account) say so with this.
 */
export function asSystem<T>(fn: () => T): T {
  return scope.run({ accountId: null, held: 0, parent: scope.getStore() }, fn);
}

function holdsConnection(store: TenantStore | undefined): boolean {
  for (let s = store; s; s = s.parent) if (s.held > 0) return true;
  return false;
}

/**
 * Work that holds a pooled connection (a transaction) and asks the pool for a second one waits
 * for others to release theirs; when every connection is held by such work, nothing is released
 * again and every account waits for good. Tests fail on the first such request (`throw`); a
 * server logs each place once (`warn`) and relies on the pool's acquire timeout to break free.
 */
export type NestedCheckoutMode = "throw" | "warn" | "off";
let nestedCheckoutMode: NestedCheckoutMode = process.env.VITEST ? "throw" : "warn";
const warnedAt = new Set<string>();

export function setNestedCheckoutMode(mode: NestedCheckoutMode): void {
  nestedCheckoutMode = mode;
}

export class NestedCheckoutError extends Error {
  constructor() {
    super(
      "A database connection was asked for while this work holds one in a transaction: pass the transaction's client down instead",
    );
    this.name = "NestedCheckoutError";
  }
}

function checkNestedCheckout(): NestedCheckoutError | undefined {
  if (nestedCheckoutMode === "off" || !holdsConnection(scope.getStore())) return undefined;
  const error = new NestedCheckoutError();
  // Each place once, with where it is: a test's 500 says little without it.
  const where = error.stack?.split("\n").slice(2, 8).join("\n") ?? "";
  if (!warnedAt.has(where)) {
    warnedAt.add(where);
    process.emitWarning(error.message, { code: "PARLEY_NESTED_CHECKOUT", detail: where });
  }
  return nestedCheckoutMode === "throw" ? error : undefined;
}

/** A connection whose role is not known for sure: the next checkout sets it again, whatever it is. */
const UNKNOWN = Symbol("unknown role");

/** What each pooled connection was last set to, so a checkout for the same account costs nothing. */
const applied = new WeakMap<pg.PoolClient, number | null | typeof UNKNOWN>();

function statementFor(accountId: number | null): string {
  // The id is an integer from our own session or key lookup: safe to write into the statement.
  return accountId === null
    ? "reset role; select set_config('parley.account_id', '', false)"
    : `set role ${TENANT_ROLE}; select set_config('parley.account_id', '${Math.trunc(accountId)}', false)`;
}

async function apply(client: pg.PoolClient, accountId: number | null): Promise<void> {
  // A fresh connection runs as the owner (null).
  if ((applied.get(client) ?? null) === accountId) return;
  await client.query(statementFor(accountId));
  applied.set(client, accountId);
}

/**
 * `asSystem` for one step of a transaction already open behind an account's wall: the statements
 * `fn` sends on `client` run as the owner, then the wall is set again (and a rollback restores it
 * anyway: SET ROLE is transactional). For the rare change that writes into another account and
 * must commit or fail with the account's own (a payment crediting the business that referred the
 * payer). Given a pool, or a connection not behind a wall, it is plain `asSystem`.
 */
export async function asSystemOn<T>(db: unknown, fn: () => Promise<T>): Promise<T> {
  if (!(db instanceof pg.Client)) return asSystem(fn);
  const client = db as pg.PoolClient;
  const walled = applied.get(client);
  if (walled === undefined || walled === null || walled === UNKNOWN) return asSystem(fn);
  applied.set(client, UNKNOWN);
  await client.query("reset role");
  const result = await asSystem(fn);
  await client.query(`set role ${TENANT_ROLE}`);
  applied.set(client, walled);
  return result;
}

type ConnectCallbackDone = (release?: Error | boolean) => void;
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: ConnectCallbackDone,
) => void;

/**
 * A pg pool whose checkouts take the current work's account: `pool.query` (which checks out
 * through `connect` with a callback) and transactions (`connect()` as a promise) alike.
 */
export class TenantPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // Read now, in the caller's context: the client may come back later from another's release.
    const store = scope.getStore();
    const accountId = store?.accountId ?? null;
    const nested = checkNestedCheckout();
    if (typeof callback === "function") {
      if (nested) {
        process.nextTick(() => callback(nested, undefined, () => {}));
        return undefined;
      }
      super.connect(
        (err: Error | undefined, client: pg.PoolClient | undefined, done: ConnectCallbackDone) => {
          if (err || !client) return callback(err, client, done);
          apply(client, accountId).then(
            () => callback(undefined, client, done),
            (e: Error) => {
              // A connection whose role is unknown must not serve anyone: drop it.
              applied.delete(client);
              done(e);
              callback(e, undefined, () => {});
            },
          );
        },
      );
      return undefined;
    }
    if (nested) return Promise.reject(nested);
    return super.connect().then(async (client) => {
      try {
        await apply(client, accountId);
      } catch (e) {
        applied.delete(client);
        client.release(e as Error);
        throw e;
      }
      // A checkout by promise is held by this work until released (a transaction); the pool
      // sets a new release function at each checkout.
      if (store) {
        store.held += 1;
        const release = client.release;
        let released = false;
        client.release = (err?: Error | boolean) => {
          if (!released) {
            released = true;
            store.held -= 1;
          }
          return release.call(client, err);
        };
      }
      return client;
    });
  }
}
