import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The running release, from package.json (the one place it is written): shown by /healthz,
 * /metrics, `npm run admin -- version` and the app's About, so an operator and a user name the
 * same version in a report.
 */
export const PARLEY_VERSION: string = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8"),
  ) as { version: string }
).version;
