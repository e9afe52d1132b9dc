import type { AppContext } from "../../http/context";

/**
 * A per-account turnstile for work that holds a pooled connection while it runs (a charged send
 * writes the charge and the message in one transaction). Every account shares the process's
 * pool: without a limit, one account firing fifty sends at once takes every connection and the
 * others (a sign-in, a health check, another business's send) wait behind all fifty. With it,
 * an account has at most `limit` such transactions open; the rest wait here, holding nothing.
 */
export class AccountGate {
  private readonly lanes = new Map<number, { active: number; waiting: Array<() => void> }>();

  constructor(private readonly limit: () => number) {}

  async run<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(accountId);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.lanes.set(accountId, lane);
    }
    if (lane.active >= this.limit()) {
      await new Promise<void>((resolve) => lane!.waiting.push(resolve));
    } else {
      lane.active += 1;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next waiter, so `active` never dips and lets a newcomer
      // jump the queue.
      const next = lane.waiting.shift();
      if (next) next();
      else {
        lane.active -= 1;
        if (lane.active === 0) this.lanes.delete(accountId);
      }
    }
  }

  /** Work in progress and waiting for one account (for tests and metrics). */
  load(accountId: number): { active: number; waiting: number } {
    const lane = this.lanes.get(accountId);
    return { active: lane?.active ?? 0, waiting: lane?.waiting.length ?? 0 };
  }
}

const gates = new WeakMap<AppContext["db"], AccountGate>();

/** The charged-send gate of this process's database (one per pool). */
export function sendGate(ctx: AppContext): AccountGate {
  let gate = gates.get(ctx.db);
  if (!gate) {
    gate = new AccountGate(() => ctx.config.ACCOUNT_SEND_CONCURRENCY);
    gates.set(ctx.db, gate);
  }
  return gate;
}
