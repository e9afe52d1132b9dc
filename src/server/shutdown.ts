/**
 * Whether this process is stopping. Ctrl+C signals the whole process group, so the embedded
 * PostgreSQL starts its own fast shutdown at the same moment as the server and cuts the queries
 * the background loops have in flight: those failures are the expected end of a round, not errors.
 */
let stopping = false;

export function beginShutdown(): void {
  stopping = true;
}

export function isShuttingDown(): boolean {
  return stopping;
}

// admin_shutdown, crash_shutdown, cannot_connect_now: the server going away.
const SHUTDOWN_CODES = new Set(["57P01", "57P02", "57P03"]);
const SHUTDOWN_MESSAGES =
  /terminating connection due to administrator command|Connection terminated|Cannot use a pool after calling end|the database system is shutting down|ECONNREFUSED/;

/** A query cut off by the database or the pool going away (also when wrapped, e.g. by drizzle). */
export function isShutdownCancellation(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let e = err;
    e && typeof e === "object" && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && SHUTDOWN_CODES.has(code)) return true;
    if (typeof message === "string" && SHUTDOWN_MESSAGES.test(message)) return true;
  }
  return false;
}

/** A failure a stopping process expects: logged at debug, not as an error. */
export function expectedAtShutdown(err: unknown): boolean {
  return stopping && isShutdownCancellation(err);
}
