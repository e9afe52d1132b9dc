import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  assertCan,
  can,
  isAgent,
  isRestricted,
  PERMISSIONS,
  systemActor,
  userActor,
} from "./permissions";

const user = (level: number, restricted = false) =>
  userActor({ accountId: 1, userId: 7, level, restricted });

describe("can", () => {
  it("gives each level what the one below has, and more", () => {
    for (const perm of PERMISSIONS) {
      const held = [0, 1, 2, 3].map((level) => can(user(level), perm));
      // Once a level holds a permission, every higher level does too.
      expect(held.indexOf(true) === -1 || held.slice(held.indexOf(true)).every(Boolean)).toBe(true);
    }
  });

  it("keeps agents to reading their groups and working the inbox", () => {
    const agent = user(0);
    for (const perm of ["subscribers:read", "inbox:read", "inbox:reply", "compose:tools"] as const)
      expect(can(agent, perm)).toBe(true);
    for (const perm of [
      "subscribers:export",
      "subscribers:import",
      "subscribers:bulk",
      "subscribers:delete",
      "groups:delete",
      "settings:write",
      "sends:write",
      "reports:read",
      "users:read",
      "users:manage",
    ] as const)
      expect(can(agent, perm)).toBe(false);
  });

  it("leaves billing, numbers and registration to the owner (spec doc 1 §6)", () => {
    for (const perm of ["billing", "numbers:manage", "registration:manage"] as const) {
      expect(can(user(3), perm)).toBe(true);
      expect(can(user(2), perm)).toBe(false);
      expect(can(user(1), perm)).toBe(false);
    }
  });

  it("takes users, numbers, dashboard and settings from restricted users, whatever their level", () => {
    const restricted = user(2, true);
    for (const perm of ["users:read", "users:manage", "dashboard:read", "settings:write"] as const)
      expect(can(restricted, perm)).toBe(false);
    expect(can(restricted, "subscribers:bulk")).toBe(true);
    expect(can(user(3, true), "numbers:manage")).toBe(false);
  });

  it("gives system actors their kind's fixed grants, and API keys only their scopes", () => {
    expect(can(systemActor("import", 1), "subscribers:write")).toBe(true);
    expect(can(systemActor("import", 1), "subscribers:delete")).toBe(false);
    expect(can(systemActor("export", 1), "subscribers:write")).toBe(false);
    expect(can(systemActor("send_pipeline", 1), "users:manage")).toBe(false);
    const key = systemActor("api_key", 1, { scopes: ["subscribers:read"] });
    expect(can(key, "subscribers:read")).toBe(true);
    expect(can(key, "subscribers:write")).toBe(false);
  });

  it("narrows data only for agents (groups) and restricted users (numbers)", () => {
    expect(isAgent(user(0))).toBe(true);
    expect(isAgent(user(1))).toBe(false);
    expect(isAgent(systemActor("import", 1))).toBe(false);
    expect(isRestricted(user(1, true))).toBe(true);
    expect(isRestricted(systemActor("export", 1))).toBe(false);
  });

  it("refuses with a 403-kind error", () => {
    expect(() => assertCan(user(0), "groups:delete")).toThrow(AppError);
    expect(() => assertCan(user(1), "groups:delete")).not.toThrow();
  });
});
