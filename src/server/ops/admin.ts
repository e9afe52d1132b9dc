import { existsSync } from "node:fs";
import path from "node:path";
import { systemClock } from "../clock";
import { ConfigError, parseConfig } from "../config";
import { createDb } from "../db/connection";
import { runMigrations } from "../db/migrate";
import { keyRing } from "../features/auth/secret-box";
import { createSignupInvite } from "../features/auth/signup-invites";
import { announceSetupLink } from "../features/setup/setup.service";
import { PARLEY_VERSION } from "../version";
import { accountFlags, parseFlagChanges, switchAccount } from "./account-flags";
import { type ParsedArgs, parseArgs } from "./admin-args";
import { type AdminDatabase, openAdminDatabase } from "./admin-database";
import { createBackup } from "./backup";
import { createAccountWithOwner } from "./create-account";
import { appliedMigrations } from "./migration-state";
import { OpsError } from "./ops-error";
import { resetUserPassword } from "./reset-password";
import { restoreBackup } from "./restore";
import { rotateSecrets } from "./sealed-secrets";

/** `npm run admin -- <command>`: operator commands on the same database the server uses. */

interface Command {
  usage: string;
  help: string;
  options?: string[];
  flags?: string[];
  /** Checks its arguments first, then opens the database (a mistake costs no PostgreSQL start). */
  run(open: () => Promise<AdminDatabase>, args: ParsedArgs): Promise<void>;
}

const say = (line: string) => console.log(line);
/** A file named on the command line, from the folder it was typed in (npm runs us elsewhere). */
const typedPath = (p: string) => path.resolve(process.env.INIT_CWD || process.cwd(), p);

const COMMANDS: Record<string, Command> = {
  version: {
    usage: "version",
    help: "Prints the Parley release this checkout runs (the same as /healthz and the app's About).",
    async run() {
      say(`Parley ${PARLEY_VERSION}`);
    },
  },
  migrate: {
    usage: "migrate",
    help: "Applies the database migrations this version of Parley has and says how many were new.",
    async run(open) {
      const target = await open();
      await withDb(target.url, async (db) => {
        const before = await countApplied(db);
        await runMigrations(db);
        const after = await countApplied(db);
        say(`${after - before} migration(s) applied; the database has all ${after}.`);
      });
    },
  },
  "reset-password": {
    usage: "reset-password <username> [--password P]",
    help:
      "Sets a user's password and signs them out everywhere. Without --password a strong random\n" +
      "password is generated and printed. A chosen one must pass the same strength check as the\n" +
      "web forms.",
    options: ["password"],
    async run(open, args) {
      const [username, extra] = args.positional;
      if (!username || extra) throw new OpsError("give exactly one username (see --help)");
      const target = await open();
      await withDb(target.url, async (db) => {
        const r = await resetUserPassword(db, { username, password: args.options.password });
        say(`Password of ${r.username} changed; ${r.sessionsEnded} session(s) ended.`);
        if (r.generated) say(`New password: ${r.password}`);
      });
    },
  },
  "create-account": {
    usage:
      "create-account --business NAME --username U --email E [--password P] [--timezone ET|Europe/Paris]",
    help:
      "Creates an account and its Owner (starter templates included): also the way to make the\n" +
      "first owner of a fresh install without the setup link. Without --password a strong\n" +
      "random password is generated and printed. Time zones: ET CT MT AZ PT AKT HT AT NT UTC.",
    options: ["business", "username", "email", "password", "timezone"],
    async run(open, args) {
      if (args.positional.length > 0) throw new OpsError(`unexpected "${args.positional[0]}"`);
      for (const name of ["business", "username", "email"]) {
        if (!args.options[name]) throw new OpsError(`--${name} is required (see --help)`);
      }
      const target = await open();
      await withDb(target.url, async (db) => {
        const r = await createAccountWithOwner(db, {
          businessName: args.options.business!,
          username: args.options.username!,
          email: args.options.email!,
          password: args.options.password,
          timezone: args.options.timezone,
        });
        say(`Account ${r.accountId} "${r.accountName}" created with its Owner ${r.username}.`);
        if (r.generated) say(`Password: ${r.password}`);
      });
    },
  },
  "setup-link": {
    usage: "setup-link",
    help:
      "Prints a new one-time link that makes the first owner of a fresh install at /setup/<token>\n" +
      "(the server prints one at each start while it has no user). Good once, for 24 hours; it\n" +
      "ends every earlier link. Refused once the install has a user: use create-account then.",
    async run(open, args) {
      if (args.positional.length > 0) throw new OpsError(`unexpected "${args.positional[0]}"`);
      const target = await open();
      await withDb(target.url, async (db) => {
        const link = await announceSetupLink({ db, clock: systemClock, config: config() });
        if (!link)
          throw new OpsError(
            "this install has its first user already: make another account with create-account",
          );
        say(link.url);
        say(
          `Good once, until ${link.expiresAt.toISOString()}; earlier setup links no longer work.`,
        );
      });
    },
  },
  "signup-invite": {
    usage: "signup-invite [--days N] [--email E]",
    help:
      "Prints a link that lets one business sign up at /admin-signup on a server whose sign-up is\n" +
      "by invitation (SIGNUP=invite). Good for one account, for --days days (default 7).",
    options: ["days", "email"],
    async run(open, args) {
      if (args.positional.length > 0) throw new OpsError(`unexpected "${args.positional[0]}"`);
      const days = Number(args.options.days ?? 7);
      if (!Number.isInteger(days) || days < 1 || days > 90)
        throw new OpsError("--days must be a whole number from 1 to 90");
      const target = await open();
      await withDb(target.url, async (db) => {
        const invite = await createSignupInvite(db, {
          days,
          email: args.options.email,
          now: systemClock.now(),
        });
        say(`${config().publicBase}/admin-signup?invite=${invite.token}`);
        say(`Good for one sign-up until ${invite.expiresAt.toISOString()}.`);
        if (config().signup !== "invite")
          say(
            `Note: SIGNUP is "${config().signup}" on this server; set SIGNUP=invite for links to matter.`,
          );
      });
    },
  },
  "account-flags": {
    usage: "account-flags <account id | account name> [name=on|off ...]",
    help:
      "Shows an account's flags, or sets them: what kind of account it is (is_developer shows\n" +
      "Developer Home; is_test_account, is_tsi, is_webinar_customer) and the plan flags\n" +
      "(priority_support, advanced_reporting, quicksight_allowed, require_brand_registration,\n" +
      "skip_tfn_verification, complete_tfn_verification). The account's own users cannot change\n" +
      "these. Example: account-flags joes-pizza is_developer=on priority_support=off",
    async run(open, args) {
      const [who, ...words] = args.positional;
      if (!who) throw new OpsError("give an account id or name (see --help)");
      const changes = parseFlagChanges(words);
      const target = await open();
      await withDb(target.url, async (db) => {
        const r = await accountFlags(db, who, changes);
        say(`Account ${r.accountId} "${r.accountName}":`);
        for (const [name, on] of Object.entries(r.flags)) say(`  ${name}=${on ? "on" : "off"}`);
      });
    },
  },
  "disable-account": accountSwitch(true),
  "enable-account": accountSwitch(false),
  backup: {
    usage: "backup <file.tar.gz | folder>",
    help:
      "Writes the database (one consistent snapshot: the server may keep running), DATA_DIR's\n" +
      "uploads and imports and the secret key file into one .tar.gz (any other name: a folder).\n" +
      "Keep it private: it holds every account's data and the key to their stored secrets.",
    async run(open, args) {
      const [file, extra] = args.positional;
      if (!file || extra) throw new OpsError("give exactly one target file (see --help)");
      const target = await open();
      const m = await createBackup({
        url: target.url,
        dataDir: config().DATA_DIR,
        target: typedPath(file),
      });
      const rows = m.tables.reduce((n, t) => n + t.rows, 0);
      say(
        `Backup written to ${file}: ${m.tables.length} tables, ${rows} rows, ${m.files.length} files` +
          `${m.secretKey ? ", the secret key" : ""} (migration ${m.migrations.lastTag}).`,
      );
      if (config().SECRET_KEY)
        say(
          `SECRET_KEY is set in the environment: keep it${config().secretKeysOld.length ? " and SECRET_KEYS_OLD" : ""} with the backup.`,
        );
    },
  },
  "rotate-secrets": {
    usage: "rotate-secrets [--batch N]",
    help:
      "Re-encrypts every stored secret (authenticator keys, webhook signing secrets, integration\n" +
      "and webinar credentials, set-ups in progress) with the current key, SECRET_KEY. To rotate:\n" +
      "set SECRET_KEY to a new key and move the previous one to SECRET_KEYS_OLD, restart, run\n" +
      "this; once it reports nothing unreadable, remove SECRET_KEYS_OLD (and DATA_DIR/secret.key\n" +
      "when SECRET_KEY is set) and restart. Safe to repeat, also while the server runs. --batch:\n" +
      "rows per transaction (default 500).",
    options: ["batch"],
    async run(open, args) {
      if (args.positional.length > 0) throw new OpsError(`unexpected "${args.positional[0]}"`);
      const batch = Number(args.options.batch ?? 500);
      if (!Number.isInteger(batch) || batch < 1 || batch > 10_000)
        throw new OpsError("--batch must be a whole number from 1 to 10000");
      const ring = keyRing(config());
      const old = ring.keys.slice(1).map((k) => k.id);
      say(`Current key ${ring.current.id}; old keys: ${old.length ? old.join(", ") : "none"}.`);
      const target = await open();
      await withDb(target.url, async (db) => {
        const counts = await rotateSecrets(db.$client, ring, { batch });
        let resealed = 0;
        const unreadable: string[] = [];
        for (const c of counts) {
          resealed += c.resealed;
          unreadable.push(...c.unreadable);
          say(
            `  ${c.label}: ${c.resealed} re-encrypted, ${c.current} already under the current key` +
              `${c.skipped ? `, ${c.skipped} changed meanwhile (sealed afresh by the server)` : ""}` +
              `${c.unreadable.length ? `, ${c.unreadable.length} unreadable` : ""}.`,
          );
        }
        if (unreadable.length)
          throw new OpsError(
            `${unreadable.length} stored secret(s) open with no key of the ring (${unreadable.slice(0, 10).join(", ")}${unreadable.length > 10 ? " …" : ""}): keep the old keys and add the one they were sealed with to SECRET_KEYS_OLD, then run this again`,
          );
        say(
          `${resealed} secret(s) re-encrypted; everything is under key ${ring.current.id}.` +
            (old.length
              ? " The old keys can now be removed (SECRET_KEYS_OLD, and DATA_DIR/secret.key when SECRET_KEY is set)."
              : ""),
        );
      });
    },
  },
  restore: {
    usage: "restore <file.tar.gz | folder> [--replace]",
    help:
      "Restores a backup into an empty database (no accounts), or with --replace drops the\n" +
      "database and makes it again first (with DATABASE_URL the role needs the right to).\n" +
      "Stop Parley first. Refuses a backup made by a newer Parley, and a different existing\n" +
      "DATA_DIR/secret.key unless --replace.",
    flags: ["replace"],
    async run(open, args) {
      const [file, extra] = args.positional;
      if (!file || extra) throw new OpsError("give exactly one backup (see --help)");
      if (!existsSync(typedPath(file))) throw new OpsError(`${file} does not exist`);
      const target = await open();
      const r = await restoreBackup({
        url: target.url,
        maintenanceUrl: target.maintenanceUrl,
        dataDir: config().DATA_DIR,
        source: typedPath(file),
        replace: args.flags.has("replace"),
        log: say,
      });
      say(
        `Restored the backup of ${r.createdAt}: ${r.tables} tables, ${r.rows} rows, ${r.files} files.`,
      );
    },
  },
};

/**
 * disable-account / enable-account: the operator's switch of doc 1 §4 reason 'disabled' (the
 * account reads but writes nothing until enabled; enabling restores its billing state).
 */
function accountSwitch(disable: boolean): Command {
  const name = disable ? "disable-account" : "enable-account";
  return {
    usage: `${name} <account id | account name>`,
    help: disable
      ? "Disables an account: its users can still sign in and read, but every change is refused\n" +
        "with the reason 'disabled' until `enable-account`. The owner is notified."
      : "Enables a disabled account again; a billing state (trial ended, card declined, paused,\n" +
        "canceled) it had comes back. The owner is notified.",
    async run(open, args) {
      const [who, extra] = args.positional;
      if (!who || extra) throw new OpsError("give exactly one account id or name (see --help)");
      const target = await open();
      await withDb(target.url, async (db) => {
        const r = await switchAccount(db, who, disable);
        say(
          `Account ${r.id} "${r.accountName}" ${disable ? "disabled" : "enabled"}` +
            `${r.forbiddenReason && !disable ? ` (still locked: ${r.forbiddenReason})` : ""}.`,
        );
      });
    },
  };
}

let parsedConfig: ReturnType<typeof parseConfig> | undefined;
const config = () => {
  parsedConfig ??= parseConfig();
  return parsedConfig;
};

async function withDb(url: string, fn: (db: ReturnType<typeof createDb>["db"]) => Promise<void>) {
  const { db, pool } = createDb(url, 2);
  try {
    await fn(db);
  } finally {
    await pool.end();
  }
}

async function countApplied(db: ReturnType<typeof createDb>["db"]): Promise<number> {
  const client = await db.$client.connect();
  try {
    return (await appliedMigrations(client)).count;
  } finally {
    client.release();
  }
}

function overview(): string {
  return [
    "Usage: npm run admin -- <command> [options]",
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
    "",
    "`npm run admin -- <command> --help` explains one. The database is DATABASE_URL, else the",
    "embedded PostgreSQL of DATA_DIR (the running server's, or started for the command).",
  ].join("\n");
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    say(overview());
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new OpsError(`unknown command "${name}": try --help`);
  const args = parseArgs(rest, command);
  if (args.flags.has("help")) {
    say(`Usage: npm run admin -- ${command.usage}\n\n${command.help}`);
    return;
  }
  let target: AdminDatabase | undefined;
  const open = async () => {
    target ??= await openAdminDatabase(config(), say);
    return target;
  };
  try {
    await command.run(open, args);
  } finally {
    await target?.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err) => {
    const known = err instanceof OpsError || err instanceof ConfigError;
    console.error(`admin: ${known ? err.message : ((err as Error)?.message ?? String(err))}`);
    if (!known && process.env.LOG_LEVEL === "debug") console.error(err);
    process.exit(1);
  },
);
