import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./project-root";

/**
 * The running release, from package.json (the one place it is written): shown by /healthz,
 * /metrics, `npm run admin -- version` and the app's About, so an operator and a user name the
 * same version in a report.
 */
export const PARLEY_VERSION: string = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }
).version;
