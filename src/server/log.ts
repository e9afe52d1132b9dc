import pino from "pino";

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/**
 * The server's one logger: JSON lines (pino), shared by Fastify's request logs and every
 * background loop (dispatcher, relay, jobs, inbound), so an operator's log shipper reads one
 * format and every error carries its stack under `err`. The level starts from LOG_LEVEL and is
 * set again from the validated configuration at start (`setLogLevel`).
 */
export const log = pino({
  level: LEVELS.has(process.env.LOG_LEVEL ?? "") ? (process.env.LOG_LEVEL as string) : "info",
});

export function setLogLevel(level: string) {
  log.level = level;
}
