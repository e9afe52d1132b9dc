import type { Writable } from "node:stream";
import pino from "pino";
import pretty from "pino-pretty";

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

export type LogFormat = "pretty" | "json";

/**
 * LOG_FORMAT when set, else pretty on a terminal (someone reading) and JSON lines everywhere
 * else (a log shipper, a file, the tests).
 */
export function logFormat(
  env: NodeJS.ProcessEnv = process.env,
  tty = Boolean(process.stdout.isTTY),
): LogFormat {
  if (env.LOG_FORMAT === "pretty" || env.LOG_FORMAT === "json") return env.LOG_FORMAT;
  return tty ? "pretty" : "json";
}

/**
 * A logger in the server's format: `time` as ISO 8601 (readable, and what log stores parse),
 * errors with their stack under `err`. Pretty output runs in this thread (no worker): a terminal
 * is one person reading, not a volume to keep up with.
 */
export function createLogger(opts: {
  level: string;
  format: LogFormat;
  destination?: Writable;
}): pino.Logger {
  const options: pino.LoggerOptions = {
    level: opts.level,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (opts.format === "pretty") {
    return pino(
      options,
      pretty({
        destination: opts.destination ?? 1,
        colorize: opts.destination ? false : undefined,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
        // One entry, one line: a request reads as one line, as in JSON.
        singleLine: true,
        sync: true,
      }),
    );
  }
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

/**
 * The server's one logger, shared by the request log and every background loop (dispatcher,
 * relay, jobs, inbound), so an operator's log shipper reads one format. The level starts from
 * LOG_LEVEL and is set again from the validated configuration at start (`setLogLevel`).
 */
export const log = createLogger({
  level: LEVELS.has(process.env.LOG_LEVEL ?? "") ? (process.env.LOG_LEVEL as string) : "info",
  format: logFormat(),
});

export function setLogLevel(level: string) {
  log.level = level;
}
