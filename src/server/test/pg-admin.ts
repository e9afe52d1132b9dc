import pg from "pg";

/** One statement on the admin database, on a short-lived connection of its own. */
export async function adminQuery(adminUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: adminUrl, application_name: "parley-tests" });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Test database names are ours (letters, digits, underscores), so quoting them is enough. */
export function quoteIdent(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  return `"${name}"`;
}

export async function dropDatabase(adminUrl: string, name: string) {
  // WITH (FORCE) (PostgreSQL 13+) ends connections a crashed test may have left open.
  await adminQuery(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
}
