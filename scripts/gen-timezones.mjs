#!/usr/bin/env node
// Writes src/domain/timezones.json: every time zone an account may choose, with the id accounts
// store. The zones are the ones this Node's Intl knows (Intl.supportedValuesOf("timeZone")), under
// their current IANA names, plus UTC; names are Intl's long generic names ("Central European Time").
// Ids never change: the file only grows. Zones already in it keep their ids (ids 1–10 also keep
// their spec names and codes), a zone Intl newly knows gets the next id, and a zone Intl no longer
// lists stays (accounts may have chosen it).
// `npm run gen:timezones` after upgrading Node; a unit test (timezones.test.ts) fails while the
// committed file differs from what this makes.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const TIMEZONES_FILE = path.join(root, "src/domain/timezones.json");

/** The zones accounts had before the table grew: their ids, codes and names are the spec's. */
export const FIRST_ZONES = [
  { id: 1, iana: "America/New_York", code: "ET", name: "Eastern Time" },
  { id: 2, iana: "America/Chicago", code: "CT", name: "Central Time" },
  { id: 3, iana: "America/Denver", code: "MT", name: "Mountain Time" },
  { id: 4, iana: "America/Phoenix", code: "AZ", name: "Arizona" },
  { id: 5, iana: "America/Los_Angeles", code: "PT", name: "Pacific Time" },
  { id: 6, iana: "America/Anchorage", code: "AKT", name: "Alaska Time" },
  { id: 7, iana: "Pacific/Honolulu", code: "HT", name: "Hawaii Time" },
  { id: 8, iana: "America/Halifax", code: "AT", name: "Atlantic Time" },
  { id: 9, iana: "America/St_Johns", code: "NT", name: "Newfoundland Time" },
  { id: 10, iana: "UTC", code: "UTC", name: "Coordinated Universal Time" },
];

// V8 lists a zone under CLDR's name, which for these is the old IANA one; IANA has since renamed
// them (the old names are links). Accounts get the current name; the old one is kept as an alias
// (a browser may still report it).
const RENAMED = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

function knownToIntl(iana) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: iana });
    return true;
  } catch {
    return false;
  }
}

/** "Central European Time"; a zone without a name of its own is called after its city. */
function genericName(iana) {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: iana, timeZoneName: "longGeneric" })
    .formatToParts(new Date(Date.UTC(2026, 0, 1)))
    .find((p) => p.type === "timeZoneName")?.value;
  if (name && !/^GMT/.test(name)) return name;
  return `${iana.split("/").at(-1)?.replaceAll("_", " ")} Time`;
}

/** The zones this Node knows, current IANA name → older names. */
function intlZones() {
  const zones = new Map();
  for (const listed of Intl.supportedValuesOf("timeZone")) {
    const renamed = RENAMED[listed];
    const iana = renamed && knownToIntl(renamed) ? renamed : listed;
    const aliases = zones.get(iana) ?? [];
    if (iana !== listed) aliases.push(listed);
    zones.set(iana, aliases);
  }
  return zones;
}

/**
 * The table from the committed one (its ids) and this Node's zones: { zones: [{ id, iana, name,
 * code? }], aliases: { older name: zone } }.
 */
export function timezoneTable(committed = { zones: [], aliases: {} }) {
  const rows = new Map(FIRST_ZONES.map((z) => [z.iana, z]));
  for (const z of committed.zones) if (!rows.has(z.iana)) rows.set(z.iana, z);
  const zones = intlZones();
  let next = Math.max(...[...rows.values()].map((z) => z.id)) + 1;
  for (const iana of [...zones.keys()].sort()) {
    if (!rows.has(iana)) rows.set(iana, { id: next++, iana });
  }
  const fixed = new Set(FIRST_ZONES.map((z) => z.id));
  // A browser set to UTC may say so in these words.
  const aliases = { "Etc/GMT": "UTC", "Etc/UTC": "UTC", ...committed.aliases };
  for (const [iana, older] of zones) for (const name of older) aliases[name] = iana;
  return {
    zones: [...rows.values()]
      .sort((a, b) => a.id - b.id)
      .map((z) =>
        // A zone Intl no longer knows keeps the name it had.
        fixed.has(z.id) || !knownToIntl(z.iana)
          ? z
          : { id: z.id, iana: z.iana, name: genericName(z.iana) },
      ),
    aliases: Object.fromEntries(Object.entries(aliases).sort(([a], [b]) => a.localeCompare(b))),
  };
}

export async function committedTimezones() {
  try {
    return JSON.parse(await readFile(TIMEZONES_FILE, "utf8"));
  } catch (e) {
    if (e.code === "ENOENT") return undefined;
    throw e;
  }
}

/** The file's text: one zone a line, as the formatter leaves it. */
export function renderTimezones({ zones, aliases }) {
  const zoneLines = zones.map(
    (z) =>
      `    { ${Object.entries(z)
        .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
        .join(", ")} }`,
  );
  const aliasLines = Object.entries(aliases).map(
    ([older, iana]) => `    ${JSON.stringify(older)}: ${JSON.stringify(iana)}`,
  );
  return `{\n  "zones": [\n${zoneLines.join(",\n")}\n  ],\n  "aliases": {\n${aliasLines.join(",\n")}\n  }\n}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const table = timezoneTable(await committedTimezones());
  await writeFile(TIMEZONES_FILE, renderTimezones(table));
  console.log(
    `${path.relative(root, TIMEZONES_FILE)}: ${table.zones.length} zones from Node ${process.versions.node} (ICU ${process.versions.icu}, tz ${process.versions.tz})`,
  );
}
