import type { AppContext } from "../../http/context";
import { publish } from "../../realtime/realtime";

const INTERVAL_MS = 1000;

/**
 * A campaign's deliveries change status by the thousand per second; open screens get one
 * 'run-progress' event per account per second naming the runs that moved, not one per message.
 */
class RunProgressNotifier {
  private pending = new Map<number, Set<number>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {}

  touch(accountId: number, runId: number) {
    let runs = this.pending.get(accountId);
    if (!runs) {
      runs = new Set();
      this.pending.set(accountId, runs);
    }
    runs.add(runId);
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), INTERVAL_MS);
      this.timer.unref();
    }
  }

  private flush() {
    this.timer = null;
    const pending = this.pending;
    this.pending = new Map();
    for (const [accountId, runs] of pending)
      publish(this.ctx, accountId, "run-progress", { runIds: [...runs] });
  }
}

const notifiers = new WeakMap<AppContext, RunProgressNotifier>();

export function runProgressed(ctx: AppContext, accountId: number, runId: number): void {
  let notifier = notifiers.get(ctx);
  if (!notifier) {
    notifier = new RunProgressNotifier(ctx);
    notifiers.set(ctx, notifier);
  }
  notifier.touch(accountId, runId);
}
