import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  committedTimezones,
  renderTimezones,
  TIMEZONES_FILE,
  timezoneTable,
} from "../../scripts/gen-timezones.mjs";
import { accountProfileUpdate } from "./account-profile.schemas";
import { setupRequest } from "./setup.schemas";
import { adminSignupRequest } from "./signup.schemas";
import {
  DEFAULT_TIMEZONE_ID,
  isTimezoneId,
  TIMEZONES,
  timezoneByIana,
  timezoneById,
  timezoneGroups,
  timezoneLabel,
  timezoneSearch,
  utcOffset,
} from "./timezones";

const WINTER = new Date("2026-01-15T12:00:00Z");
const SUMMER = new Date("2026-07-15T12:00:00Z");

describe("the time zone table", () => {
  it("is what `npm run gen:timezones` makes from this Node", async () => {
    // After a Node upgrade that knows more zones, run `npm run gen:timezones` and commit the file.
    const committed = await committedTimezones();
    expect(readFileSync(TIMEZONES_FILE, "utf8")).toBe(renderTimezones(timezoneTable(committed)));
  });

  it("keeps the ids, codes and names accounts had first", () => {
    expect(TIMEZONES.slice(0, 10).map((t) => [t.id, t.code, t.name, t.iana])).toEqual([
      [1, "ET", "Eastern Time", "America/New_York"],
      [2, "CT", "Central Time", "America/Chicago"],
      [3, "MT", "Mountain Time", "America/Denver"],
      [4, "AZ", "Arizona", "America/Phoenix"],
      [5, "PT", "Pacific Time", "America/Los_Angeles"],
      [6, "AKT", "Alaska Time", "America/Anchorage"],
      [7, "HT", "Hawaii Time", "Pacific/Honolulu"],
      [8, "AT", "Atlantic Time", "America/Halifax"],
      [9, "NT", "Newfoundland Time", "America/St_Johns"],
      [10, "UTC", "Coordinated Universal Time", "UTC"],
    ]);
  });

  it("holds every zone Intl knows once, under its current name, with ids 1, 2, 3… in order", () => {
    expect(TIMEZONES.map((t) => t.id)).toEqual(TIMEZONES.map((_, i) => i + 1));
    expect(new Set(TIMEZONES.map((t) => t.iana)).size).toBe(TIMEZONES.length);
    for (const listed of Intl.supportedValuesOf("timeZone"))
      expect(timezoneByIana(listed), listed).toBeDefined();
    expect(timezoneByIana("Asia/Calcutta")?.iana).toBe("Asia/Kolkata");
    expect(timezoneByIana("Europe/Kiev")?.iana).toBe("Europe/Kyiv");
    expect(TIMEZONES.some((t) => t.iana === "Asia/Calcutta")).toBe(false);
    expect(timezoneByIana("Etc/UTC")?.id).toBe(10);
    expect(timezoneByIana("Mars/Olympus_Mons")).toBeUndefined();
  });

  it("grows without renumbering: a zone it had stays, a new one comes last", () => {
    const committed = timezoneTable();
    const gone = { id: committed.zones.length + 1, iana: "Europe/Atlantis", name: "Atlantis Time" };
    const made = timezoneTable({ zones: [...committed.zones, gone], aliases: committed.aliases });
    expect(made.zones.at(-1)).toEqual(gone);
    const withoutParis = timezoneTable({
      zones: committed.zones.filter((z) => z.iana !== "Europe/Paris"),
      aliases: {},
    });
    const paris = withoutParis.zones.find((z) => z.iana === "Europe/Paris");
    expect(paris?.id).toBe(committed.zones.length + 1);
    expect(withoutParis.zones.slice(0, 10)).toEqual(committed.zones.slice(0, 10));
  });

  it("names zones as Intl does, with the city", () => {
    const paris = timezoneByIana("Europe/Paris");
    expect(paris?.name).toBe("Central European Time");
    expect(timezoneLabel(paris!, WINTER)).toBe("(UTC+01:00) Central European Time — Paris");
    expect(timezoneLabel(paris!, SUMMER)).toBe("(UTC+02:00) Central European Time — Paris");
    expect(timezoneLabel(timezoneById(1), WINTER)).toBe("(UTC-05:00) Eastern Time — New York");
    expect(timezoneLabel(timezoneById(9), WINTER)).toBe(
      "(UTC-03:30) Newfoundland Time — St. John's",
    );
    expect(timezoneLabel(timezoneById(10), WINTER)).toBe("(UTC+00:00) Coordinated Universal Time");
    expect(timezoneByIana("America/Indiana/Knox")?.city).toBe("Knox, Indiana");
    expect(timezoneByIana("Asia/Kolkata")?.name).toBe("India Standard Time");
  });

  it("defaults to Eastern Time", () => {
    expect(timezoneById(DEFAULT_TIMEZONE_ID).name).toBe("Eastern Time");
    expect(timezoneById(99999).name).toBe("Eastern Time");
    expect(isTimezoneId(TIMEZONES.length)).toBe(true);
    expect(isTimezoneId(TIMEZONES.length + 1)).toBe(false);
  });

  it("derives offsets across daylight saving time", () => {
    expect(utcOffset("America/New_York", WINTER)).toBe("-05:00");
    expect(utcOffset("America/New_York", SUMMER)).toBe("-04:00");
    expect(utcOffset("America/Phoenix", SUMMER)).toBe("-07:00");
    expect(utcOffset("Asia/Kolkata", SUMMER)).toBe("+05:30");
    expect(utcOffset("UTC", new Date())).toBe("+00:00");
  });
});

describe("choosing a zone", () => {
  const found = (search: string, at = WINTER) => {
    const matches = timezoneSearch(at);
    return TIMEZONES.filter((tz) => matches(tz, search)).map((tz) => tz.iana);
  };

  it("lists the first zones first, then the world by region, west to east", () => {
    const groups = timezoneGroups(WINTER);
    expect(groups[0]?.group).toBe("US & Canada");
    expect(groups[0]?.zones.map((z) => z.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(groups[1]).toMatchObject({ group: "UTC", zones: [{ id: 10 }] });
    const europe = groups.find((g) => g.group === "Europe")!.zones.map((z) => z.iana);
    expect(europe.indexOf("Europe/London")).toBeLessThan(europe.indexOf("Europe/Paris"));
    expect(europe.indexOf("Europe/Paris")).toBeLessThan(europe.indexOf("Europe/Moscow"));
    expect(groups.flatMap((g) => g.zones).length).toBe(TIMEZONES.length);
  });

  it("finds a zone by city, name, IANA name or offset", () => {
    expect(found("paris")).toEqual(["Europe/Paris"]);
    expect(found("são paulo")).toEqual(["America/Sao_Paulo"]);
    expect(found("buenos")).toEqual(["America/Argentina/Buenos_Aires"]);
    expect(found("calcutta")).toEqual(["Asia/Kolkata"]);
    expect(found("central european")).toContain("Europe/Berlin");
    expect(found("+05:30")).toEqual(["Asia/Colombo", "Asia/Kolkata"]);
    expect(found("UTC+1")).toContain("Europe/Paris");
    expect(found("utc+1")).not.toContain("Pacific/Tongatapu");
    expect(found("+1 paris")).toEqual(["Europe/Paris"]);
    expect(found("+2 paris")).toEqual([]);
    expect(found("+2 paris", SUMMER)).toEqual(["Europe/Paris"]);
    expect(found("utc").length).toBe(TIMEZONES.length);
    expect(found("narnia")).toEqual([]);
  });
});

describe("an account's zone, as sign-up, setup and the profile take it", () => {
  const paris = timezoneByIana("Europe/Paris")!.id;
  const schemas = { adminSignupRequest, setupRequest, accountProfileUpdate };
  const issue = (schema: keyof typeof schemas, timezoneId: unknown) =>
    schemas[schema].safeParse({ timezoneId }).error?.issues.find((i) => i.path[0] === "timezoneId")
      ?.message;

  it.each(Object.keys(schemas) as (keyof typeof schemas)[])("%s: any zone of the table", (s) => {
    expect(issue(s, 1)).toBeUndefined();
    expect(issue(s, paris)).toBeUndefined();
    expect(issue(s, TIMEZONES.length)).toBeUndefined();
    expect(issue(s, TIMEZONES.length + 1)).toBe("Choose a time zone from the list");
    expect(issue(s, 0)).toBe("Choose a time zone from the list");
    expect(issue(s, 2.5)).toBe("Choose a time zone from the list");
    expect(issue(s, undefined)).toBe("Choose your time zone");
    expect(issue(s, "Europe/Paris")).toBe("Choose your time zone");
  });
});
