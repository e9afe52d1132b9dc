import path from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

/** Every environment variable Parley reads. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_USERNAME: z.string().min(1).default("demo"),
  DEMO_PASSWORD: z.string().min(8, "DEMO_PASSWORD needs at least 8 characters").default("demo1234"),
  DEMO_EMAIL: z.email().default("demo@parley.local"),
  SEED_DEMO: bool.default(true),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  TRUST_PROXY: bool.default(false),
  FRAME_ANCESTORS: z.string().default(""),
  WEB_DIST: z.string().default("./dist/web"),
});

export type Config = ReturnType<typeof parseConfig>;
export type Role = "web" | "worker" | "all";

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const c = result.data;
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    WEB_DIST: path.resolve(c.WEB_DIST),
    frameAncestors: c.FRAME_ANCESTORS.split(/[\s,]+/).filter(Boolean),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith("--role="));
  const role = arg ? arg.slice("--role=".length) : "all";
  if (role !== "web" && role !== "worker" && role !== "all") {
    throw new ConfigError(`--role must be web, worker or all (got "${role}")`);
  }
  return role;
}
