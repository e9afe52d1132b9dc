import path from "node:path";
import { z } from "zod";
import { type OutboundAllowList, parseAllowList } from "../domain/outbound-address";
import { telnyxPublicKey } from "./carriers/telnyx-signature";
import type { S3Settings } from "./storage/s3-storage";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

/**
 * An optional setting where an empty value means unset: compose files pass `${S3_BUCKET:-}`
 * through as an empty string when the operator sets nothing.
 */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
}

/** Every environment variable Parley reads. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL to use; unset: the embedded one under DATA_DIR. A malformed one is refused. */
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, "must look like postgres://user:password@host:5432/database")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * Where uploads, MMS media, imports and exports are kept: `local` folders under DATA_DIR (every
   * process must share that folder) or an S3-compatible bucket (`s3`, the S3_ settings below).
   */
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: blankIsUnset(z.string()),
  /** The bucket's region (`us-east-1`; R2 takes `auto`). */
  S3_REGION: blankIsUnset(z.string()),
  /** An S3-compatible store's address (MinIO, R2, Ceph…); unset: Amazon S3. */
  S3_ENDPOINT: blankIsUnset(z.url()),
  S3_ACCESS_KEY_ID: blankIsUnset(z.string()),
  S3_SECRET_ACCESS_KEY: blankIsUnset(z.string()),
  /** The bucket in the path rather than the host name; default: on with S3_ENDPOINT (MinIO). */
  S3_FORCE_PATH_STYLE: blankIsUnset(bool),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `pretty` (colours, local times) or `json` lines; unset: pretty on a terminal, else JSON. */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  DEMO_USERNAME: z.string().min(1).default("demo"),
  DEMO_PASSWORD: z.string().min(8, "DEMO_PASSWORD needs at least 8 characters").default("demo1234"),
  DEMO_EMAIL: z.email().default("demo@parley.local"),
  /**
   * The demo account (owner DEMO_USERNAME / DEMO_PASSWORD, 90 days of invented history). Default:
   * on for a local install only (HOST and PUBLIC_URL on loopback), off for a server others reach.
   */
  SEED_DEMO: bool.optional(),
  /**
   * Who may create an account at /admin-signup: anyone (`open`), holders of a link from
   * `npm run admin -- signup-invite` (`invite`), nobody (`closed`). Default: open with the
   * built-in carrier emulator, closed once a real carrier is configured.
   */
  SIGNUP: z.enum(["open", "invite", "closed"]).optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Admin sign-ups (/admin-signup) one client address may make per hour. */
  SIGNUP_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(3),
  /** Admin sign-ups one network (IPv4 /24, IPv6 /64) may make per day. */
  SIGNUP_NETWORK_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Wrong passwords for one username in 15 minutes (from any addresses) before its sign-in pauses. */
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(20),
  /** Requests per minute each API key may make to /api/v1 and /api/mcp. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  TRUST_PROXY: bool.default(false),
  FRAME_ANCESTORS: z.string().default(""),
  WEB_DIST: z.string().default("./dist/web"),
  /** Port of a worker process's GET /metrics (web processes serve it on PORT). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Bearer token for GET /metrics; without it only loopback callers may read the metrics. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN needs at least 16 characters").optional(),
  /** Bearer token of the operator routes (/ops/accounts/:id/disable|enable); unset, they are off. */
  OPERATOR_TOKEN: z.string().min(16, "OPERATOR_TOKEN needs at least 16 characters").optional(),
  /**
   * Which carrier sends and receives: `emulator` (built in), `twilio` or `telnyx`. Unset: real
   * Twilio when both of its credentials are set, else the built-in emulator.
   */
  CARRIER: z.enum(["emulator", "twilio", "telnyx"]).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must look like AC followed by 32 hex digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  TWILIO_LOOKUP_BASE: z.url().default("https://lookups.twilio.com"),
  // Twilio's registration APIs (CARRIER=twilio registers 10DLC brands and campaigns and verifies
  // toll-free numbers through them; tests point them at a local stand-in).
  TWILIO_MESSAGING_BASE: z.url().default("https://messaging.twilio.com"),
  TWILIO_TRUSTHUB_BASE: z.url().default("https://trusthub.twilio.com"),
  /**
   * The Twilio account's own approved primary customer profile (BU…): as an ISV, every account's
   * customer profile is attached to it. Unset, 10DLC submissions are refused with this name.
   */
  TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: z
    .string()
    .regex(/^BU[0-9a-fA-F]{32}$/, "must look like BU followed by 32 hex digits")
    .optional(),
  // Telnyx (CARRIER=telnyx): API v2 key, the webhook signing public key (base64, from the
  // portal's API keys page) and the messaging profile the numbers belong to.
  TELNYX_API_KEY: z.string().min(1).optional(),
  TELNYX_PUBLIC_KEY: z.string().min(1).optional(),
  TELNYX_MESSAGING_PROFILE_ID: z.string().min(1).optional(),
  TELNYX_API_BASE: z.url().default("https://api.telnyx.com"),
  /** Base URL the carrier calls back (webhooks); defaults to PUBLIC_URL, then this server on loopback. */
  WEBHOOK_BASE_URL: z.url().optional(),
  /** A carrier call without an answer after this long is a lost answer (the text may exist). */
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** espeak-ng, with which the emulator speaks a voice broadcast's <Say> text into a WAV. */
  ESPEAK_PATH: z.string().min(1).default("/usr/bin/espeak-ng"),
  EMULATOR_MPS_LONG_CODE: z.coerce.number().positive().default(1),
  EMULATOR_MPS_TOLL_FREE: z.coerce.number().positive().default(3),
  /** Share of sends the emulator answers with a 500, to exercise retries (0 to 1). */
  EMULATOR_5XX_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Milliseconds between the emulator's status steps (queued → sent → delivered). */
  EMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(400),
  /**
   * Twilio's Messages API does not document idempotency keys, so by default the emulator ignores
   * them as Twilio may (`ignore`); `honour` answers a repeated key with the first message.
   */
  EMULATOR_IDEMPOTENCY_KEYS: z.enum(["ignore", "honour"]).default("ignore"),
  // Send pipeline: how fast each sending number may send (messages per second; the carrier's
  // limits for 10DLC long codes and toll-free numbers), and the dispatch workers' shape.
  SEND_MPS_LONG_CODE: z.coerce.number().positive().default(1),
  SEND_MPS_TOLL_FREE: z.coerce.number().positive().default(3),
  /** Carrier calls in flight per process. */
  DISPATCH_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(64),
  /**
   * How long a claimed delivery stays claimed (at least two carrier timeouts): a dead worker's
   * claims lapse after this; a live worker renews what it still holds.
   */
  DISPATCH_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** PostgreSQL connections each process keeps in its pool. */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  /** Milliseconds a request waits for a free pooled connection before it fails (503). */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Milliseconds one statement may run before PostgreSQL cancels it. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /**
   * Charged sends (composer, inbox, API, MCP) one account may have in progress at once in a
   * process; more wait their turn, so one busy account leaves connections for every other.
   */
  ACCOUNT_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  /** Messages claimed per dispatch round (spread over the sending numbers that have work). */
  DISPATCH_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  /**
   * `law`: marketing texts keep to the recipient's legal hours and state caps (federal 8am-9pm,
   * FL/OK/MD/WA/CT 8am-8pm, TX 9am-9pm and noon on Sundays; 3 a day to FL, OK, MD). `off` only for
   * test rigs whose clock cannot be moved: the account's own quiet hours still apply.
   */
  SEND_WINDOWS: z.enum(["law", "off"]).default("law"),
  // Row-level security for requests (src/server/db/tenant-scope.ts): on; `off` leaves only the
  // queries' own account filters (an operator's way out, e.g. a database without the role).
  TENANT_WALL: z.enum(["on", "off"]).default("on"),
  /**
   * `movable`: the automation engine's clock may be moved forward from the API (tests, demos:
   * tomorrow's drip step due now). `real` everywhere else.
   */
  AUTOMATION_CLOCK: z.enum(["real", "movable"]).default("real"),
  /**
   * With AUTOMATION_CLOCK=movable only: the server's clock starts at this instant (ISO 8601) and
   * runs on at the real pace, so a journey's server is at night in Texas whatever the hour.
   */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** Due automation steps taken per transaction by the engine. */
  AUTOMATION_BATCH: z.coerce.number().int().min(1).max(5000).default(1000),
  /**
   * `auto`: the process applies pending migrations at start (under a lock, so several may start
   * at once). `off`: it never migrates and refuses to start while the database is behind.
   */
  MIGRATE: z.enum(["auto", "off"]).default("auto"),
  /** Whether this process runs the send pipeline (scheduler, fan-out, dispatch). */
  SEND_PIPELINE: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  // E-mail: SMTP when SMTP_URL or SMTP_HOST is set, else the local mailbox page.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must start with smtp:// or smtps://")
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: bool.optional(),
  MAIL_FROM: z.string().min(3).default("Parley <no-reply@parley.local>"),
  /** Where /help/contact-us sends its messages. */
  SUPPORT_EMAIL: z.email().default("support@parley.local"),
  /** The booking page /help/meet-with-an-engineer opens (Calendly, Cal.com…); unset: none. */
  ENGINEER_BOOKING_URL: z.url().optional(),
  /** Per client address per minute: forgot password, reset, invite checks, two-factor codes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * The current key of the key ring: seals secrets at rest (authenticator keys, webhook secrets,
   * other systems' tokens) and signs tokens and links; else a key file made under DATA_DIR.
   */
  SECRET_KEY: z.string().min(32, "needs at least 32 characters").optional(),
  /**
   * Keys being retired (comma-separated): they still open what they sealed and verify what they
   * signed, never seal or sign. After `npm run admin -- rotate-secrets` they can be removed.
   */
  SECRET_KEYS_OLD: z.string().default(""),
  // Google / Facebook sign-in (OpenID Connect): on when the client id and secret are set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  /** Facebook Login is OAuth 2 with the Graph API (its OpenID side has no code flow). */
  FACEBOOK_DIALOG_URL: z.url().default("https://www.facebook.com/v21.0/dialog/oauth"),
  FACEBOOK_GRAPH_URL: z.url().default("https://graph.facebook.com/v21.0"),
  // AI tools: an OpenAI-compatible API when AI_BASE_URL and AI_API_KEY are set, else the offline engine.
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  AI_IMAGE_MODEL: z.string().min(1).default("gpt-image-1"),
  /** Google Places API key for the link tool's Google review links; without it they are off. */
  GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  /** Card payments through Stripe; without it the built-in test processor takes test cards. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /**
   * Who takes payments: `stripe` (needs STRIPE_SECRET_KEY) or `test`, the built-in test processor
   * that takes only Stripe's test card numbers and charges nothing. Unset: Stripe when its key is
   * set, else test payments, which a real carrier (CARRIER=twilio or telnyx) refuses unless said
   * explicitly: real texts paid with test cards would be free texts on the operator's account.
   */
  PAYMENTS: z.enum(["test", "stripe"]).optional(),
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  /** Stripe's publishable key (pk_…): the browser's Payment Element uses it; needed with Stripe. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /**
   * The signing secret (whsec_…) of the webhook endpoint at /webhooks/stripe: Stripe's signed
   * events are the truth of payment state, so Stripe payments need it.
   */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Webinar registrants from Zoom (Server-to-Server OAuth token) and GoTo Webinar, when set.
  ZOOM_ACCESS_TOKEN: z.string().min(1).optional(),
  ZOOM_API_BASE: z.url().default("https://api.zoom.us/v2"),
  GOTO_ACCESS_TOKEN: z.string().min(1).optional(),
  GOTO_ORGANIZER_KEY: z.string().min(1).optional(),
  GOTO_API_BASE: z.url().default("https://api.getgo.com/G2W/rest/v2"),
  // Each business connects its own Zoom / GoTo account (OAuth 2 authorization code) and may sign
  // up or log in through it, when the app's client id and secret are set; the tokens above stay
  // the operator's fallback for accounts that did not connect.
  ZOOM_CLIENT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
  /** Zoom's OAuth host: /oauth/authorize and /oauth/token (a stand-in for tests). */
  ZOOM_OAUTH_BASE: z.url().default("https://zoom.us"),
  GOTO_CLIENT_ID: z.string().min(1).optional(),
  GOTO_CLIENT_SECRET: z.string().min(1).optional(),
  /** GoTo's OAuth host: /oauth/authorize and /oauth/token (a stand-in for tests). */
  GOTO_OAUTH_BASE: z.url().default("https://authentication.logmeininc.com"),
  /** GoTo's Admin API: /me names the organizer key and e-mail of a connected account. */
  GOTO_ADMIN_API_BASE: z.url().default("https://api.getgo.com/admin/rest/v1"),
  /**
   * Registration reviews (10DLC brands and campaigns, toll-free verifications): seconds the
   * built-in registry emulator takes before it approves or rejects a submission.
   */
  REGISTRY_REVIEW_SECONDS: z.coerce.number().min(0).max(604_800).default(30),
  /**
   * A real registry (Twilio, Telnyx) reviews in hours to weeks: a submission it has not decided
   * is asked again after this many seconds (Twilio's status callbacks bring the question forward).
   */
  REGISTRY_POLL_SECONDS: z.coerce.number().min(1).max(86_400).default(900),
  /** Integrations: the other systems' API bases (tests point them at local stand-ins). */
  HUBSPOT_API_BASE: z.url().default("https://api.hubapi.com"),
  /** A HubSpot public app: with both, accounts connect by OAuth; otherwise by private-app token. */
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  HUBSPOT_AUTHORIZE_URL: z.url().default("https://app.hubspot.com/oauth/authorize"),
  CUSTOMERIO_TRACK_BASE: z.url().default("https://track.customer.io"),
  /** How often connected integrations sync both ways. */
  INTEGRATIONS_SYNC_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /**
   * Internal addresses and names that tenants' webhooks and automation steps may call anyway
   * (comma-separated: 10.0.0.0/8, 192.168.1.5, fd00::/8, receiver.internal, *.corp.internal).
   */
  OUTBOUND_ALLOW: z.string().default(""),
});

export type Config = ReturnType<typeof parseConfig>;
export type Role = "web" | "worker" | "all";

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  // Every problem at once, so an operator fixes the file in one go rather than one per start.
  const problems: string[] = [];
  let result = envSchema.safeParse(env);
  if (!result.success) {
    const bad = new Set<string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      bad.add(name);
      problems.push(`${name}: ${issue.message}`);
    }
    // The checks across settings below still run, on the other settings (and defaults).
    result = envSchema.safeParse(
      Object.fromEntries(Object.entries(env).filter(([name]) => !bad.has(name))),
    );
    if (!result.success) throw new ConfigError(problems);
  }
  const c = result.data;
  const carrier = chooseCarrier(c, problems);
  const local = isLoopbackHost(c.HOST) && (!c.PUBLIC_URL || isLoopbackUrl(c.PUBLIC_URL));
  const seedDemo = c.SEED_DEMO ?? local;
  if (seedDemo && !local && c.DEMO_PASSWORD === PUBLIC_DEMO_PASSWORD) {
    problems.push(
      `SEED_DEMO: this server is reachable from other machines (HOST=${c.HOST}${c.PUBLIC_URL ? `, PUBLIC_URL=${c.PUBLIC_URL}` : ""}) and the demo password is the public "${PUBLIC_DEMO_PASSWORD}": set DEMO_PASSWORD to a password of your own, or SEED_DEMO=false`,
    );
  }
  const payments = choosePayments(c, carrier, problems);
  let outboundAllow: OutboundAllowList = { ranges: [], names: [], suffixes: [] };
  try {
    outboundAllow = parseAllowList(c.OUTBOUND_ALLOW);
  } catch (err) {
    problems.push(`OUTBOUND_ALLOW: ${(err as Error).message}`);
  }
  const secretKeysOld = oldSecretKeys(c, Boolean(env.SECRET_KEY), problems);
  const s3 = s3Settings(c, problems);
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    /** SECRET_KEYS_OLD read: the retired keys, in the order given. */
    secretKeysOld,
    SEED_DEMO: seedDemo,
    /** STORAGE=s3's bucket and key; null: the files are kept under DATA_DIR. */
    s3,
    /** OUTBOUND_ALLOW read: what tenant-chosen URLs may reach although internal. */
    outboundAllow,
    /** HOST and PUBLIC_URL are on loopback: only this machine reaches the server. */
    local,
    // Open only where nothing is at stake: the emulator on a server no other machine reaches.
    signup: c.SIGNUP ?? (carrier === "emulator" && local ? "open" : "closed"),
    DATA_DIR: path.resolve(c.DATA_DIR),
    WEB_DIST: path.resolve(c.WEB_DIST),
    frameAncestors: c.FRAME_ANCESTORS.split(/[\s,]+/).filter(Boolean),
    carrier,
    useEmulator: carrier === "emulator",
    /** Who takes card payments (PAYMENTS, checked against the carrier). */
    payments,
    /** Mail goes out by SMTP; otherwise it is kept in the local mailbox. */
    useSmtp: Boolean(c.SMTP_URL || c.SMTP_HOST),
    /** The address people reach Parley at, used in links sent by e-mail (no trailing slash). */
    publicBase: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    /** Where this server is reached by the carrier (no trailing slash). */
    webhookBase: (c.WEBHOOK_BASE_URL ?? c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT}`).replace(
      /\/+$/,
      "",
    ),
  };
}

/** The carrier the settings name, refusing an incomplete set with the names that are missing. */
function chooseCarrier(
  c: z.infer<typeof envSchema>,
  problems: string[],
): "emulator" | "twilio" | "telnyx" {
  const carrier =
    c.CARRIER ?? (c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN ? "twilio" : "emulator");
  const need = (names: string[]) => {
    const missing = names.filter((n) => !c[n as keyof typeof c]);
    if (missing.length) problems.push(`CARRIER=${carrier} needs ${missing.join(", ")} to be set`);
    return missing.length === 0;
  };
  if (carrier === "twilio") need(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"]);
  if (carrier === "telnyx") {
    const complete = need(["TELNYX_API_KEY", "TELNYX_PUBLIC_KEY", "TELNYX_MESSAGING_PROFILE_ID"]);
    try {
      if (complete) telnyxPublicKey(c.TELNYX_PUBLIC_KEY!);
    } catch (err) {
      problems.push(`TELNYX_PUBLIC_KEY: ${(err as Error).message}`);
    }
  }
  return carrier;
}

/**
 * The payment processor the settings name. Test payments beside a real carrier would let anyone
 * who signs up "pay" with a test card and send real texts at the operator's cost: refused unless
 * the operator sets PAYMENTS=test on purpose.
 */
function choosePayments(
  c: z.infer<typeof envSchema>,
  carrier: "emulator" | "twilio" | "telnyx",
  problems: string[],
): "test" | "stripe" {
  const payments = c.PAYMENTS ?? (c.STRIPE_SECRET_KEY ? "stripe" : "test");
  if (payments === "stripe") {
    // Cards are entered in Stripe's form (publishable key) and payments settle by webhook.
    const missing = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"].filter(
      (n) => !c[n as keyof typeof c],
    );
    if (missing.length) problems.push(`PAYMENTS=stripe needs ${missing.join(", ")} to be set`);
  }
  if (payments === "test" && carrier !== "emulator" && c.PAYMENTS !== "test")
    problems.push(
      `PAYMENTS: CARRIER=${carrier} sends real texts, but without STRIPE_SECRET_KEY payments are test payments (test cards, nothing charged): set STRIPE_SECRET_KEY to take real payments, or PAYMENTS=test to run on test payments anyway`,
    );
  return payments;
}

/**
 * SECRET_KEYS_OLD as a list. An old key beside no current one would leave the server sealing with
 * a fresh key file while the operator believes SECRET_KEY does: refused, with what to set.
 */
function oldSecretKeys(
  c: z.infer<typeof envSchema>,
  // A SECRET_KEY given but refused is reported as itself, not as missing.
  currentGiven: boolean,
  problems: string[],
): string[] {
  const keys = c.SECRET_KEYS_OLD.split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length && !currentGiven)
    problems.push(
      "SECRET_KEYS_OLD needs SECRET_KEY: set SECRET_KEY to the new key and keep the keys being retired in SECRET_KEYS_OLD",
    );
  keys.forEach((k, i) => {
    if (k.length < 32)
      problems.push(
        `SECRET_KEYS_OLD: key ${i + 1} of ${keys.length} needs at least 32 characters (keys are separated by commas)`,
      );
  });
  return keys;
}

/**
 * STORAGE=s3's settings, refusing an incomplete set with the names that are missing. A bucket
 * named without STORAGE=s3 would leave files on this machine's disk while the operator believes
 * they are in the bucket: refused too.
 */
function s3Settings(c: z.infer<typeof envSchema>, problems: string[]): S3Settings | null {
  if (c.STORAGE !== "s3") {
    if (c.S3_BUCKET)
      problems.push(
        "S3_BUCKET is set but STORAGE is not s3: set STORAGE=s3 to keep files in the bucket, or remove S3_BUCKET to keep them under DATA_DIR",
      );
    return null;
  }
  const names = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
  const missing = names.filter((n) => !c[n]);
  if (missing.length) {
    problems.push(`STORAGE=s3 needs ${missing.join(", ")} to be set`);
    return null;
  }
  return {
    bucket: c.S3_BUCKET!,
    region: c.S3_REGION!,
    endpoint: c.S3_ENDPOINT,
    accessKeyId: c.S3_ACCESS_KEY_ID!,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
  };
}

/** The demo password anyone can read in the README: never on a server others reach. */
export const PUBLIC_DEMO_PASSWORD = "demo1234";

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/**
 * postgres:// or postgresql:// with a host (or a socket) and a database name: anything else (a bare
 * host:port, another scheme) would otherwise connect somewhere unexpected or not at all.
 */
function isPostgresUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === "postgres:" || url.protocol === "postgresql:") &&
    // A Unix socket is named by ?host=/var/run/postgresql instead of a host name.
    (url.hostname !== "" || url.searchParams.has("host")) &&
    url.pathname.length > 1
  );
}

/** What is wrong with the settings: one line per problem, all of them. */
export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: string[];
  constructor(problems: string | string[]) {
    const list = typeof problems === "string" ? [problems] : problems;
    super(
      list.length === 1
        ? list[0]!
        : `${list.length} settings need fixing:\n${list.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.problems = list;
  }
}

export function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith("--role="));
  const role = arg ? arg.slice("--role=".length) : "all";
  if (role !== "web" && role !== "worker" && role !== "all") {
    throw new ConfigError(`--role must be web, worker or all (got "${role}")`);
  }
  return role;
}
