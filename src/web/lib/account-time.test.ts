import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dayKey, formatDateTime, formatTime } from "./format-date-time";

/**
 * Times are shown in the account's zone, named, never in the browser's: the inbox, the virtual
 * phones and the mailbox once showed the same message at three different times.
 */

const WEB = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** A date formatted without naming a zone formats in the browser's zone. */
const BROWSER_TIME = [
  /new Intl\.DateTimeFormat\(/g,
  /\.toLocaleDateString\(/g,
  /\.toLocaleTimeString\(/g,
  /new Date\([^)]*\)\.toLocaleString\(/g,
  // Any value's toLocaleString with date or time parts (numbers' toLocaleString has none).
  /\.toLocaleString\([^)]*\{[^}]*(month|hour|weekday|dateStyle|timeStyle)/g,
];

describe("times in the account's zone", () => {
  it("names the zone", () => {
    expect(formatDateTime("2026-01-05T20:04:00Z", "America/New_York")).toBe(
      "Jan 5, 2026, 3:04 PM EST",
    );
    expect(formatTime("2026-07-05T20:04:00Z", "America/Los_Angeles")).toBe("1:04 PM PDT");
    expect(dayKey("2026-01-05T03:00:00Z", "America/Chicago")).toBe("2026-01-04");
  });

  it("formats no date in the browser's zone anywhere in the web app", () => {
    const offenders: string[] = [];
    for (const file of sources(WEB)) {
      if (file.endsWith(path.join("lib", "format-date-time.ts"))) continue;
      const text = readFileSync(file, "utf8");
      for (const pattern of BROWSER_TIME) {
        for (const m of text.matchAll(pattern)) {
          // The call's own options must say which zone (the account's, or UTC for a plain date).
          const call = text.slice(m.index, m.index + 240);
          if (!/timeZone/.test(call)) {
            const line = text.slice(0, m.index).split("\n").length;
            offenders.push(`${path.relative(WEB, file)}:${line}`);
          }
        }
      }
      if (/dayjs\([^)]*\)\.format\(/.test(text))
        offenders.push(`${path.relative(WEB, file)}: dayjs().format`);
    }
    expect(offenders, "use src/web/lib/format-date-time.ts").toEqual([]);
  });
});
