import { describe, expect, it } from "vitest";
import {
  assignableLevels,
  canDeleteUser,
  canEditUser,
  canManageUsers,
  canSetLevel,
  personName,
} from "./user-rules";

const agent = { id: 1, permissionLevel: 0 };
const admin = { id: 2, permissionLevel: 1 };
const manager = { id: 3, permissionLevel: 2 };
const owner = { id: 4, permissionLevel: 3 };
const otherAgent = { id: 5, permissionLevel: 0 };
const otherAdmin = { id: 6, permissionLevel: 1 };
const otherManager = { id: 7, permissionLevel: 2 };

describe("canEditUser (spec doc 2 §6)", () => {
  it("lets everyone edit themselves", () => {
    for (const u of [agent, admin, manager, owner]) expect(canEditUser(u, u)).toBe(true);
  });
  it("lets an Administrator edit Agents only", () => {
    expect(canEditUser(admin, otherAgent)).toBe(true);
    expect(canEditUser(admin, otherAdmin)).toBe(false);
    expect(canEditUser(admin, manager)).toBe(false);
    expect(canEditUser(admin, owner)).toBe(false);
  });
  it("lets a Manager edit anyone but the Owner", () => {
    expect(canEditUser(manager, otherAgent)).toBe(true);
    expect(canEditUser(manager, otherAdmin)).toBe(true);
    expect(canEditUser(manager, otherManager)).toBe(true);
    expect(canEditUser(manager, owner)).toBe(false);
  });
  it("lets the Owner edit anyone, and an Agent no one else", () => {
    for (const u of [agent, admin, manager]) expect(canEditUser(owner, u)).toBe(true);
    for (const u of [otherAgent, admin, manager, owner]) expect(canEditUser(agent, u)).toBe(false);
  });
});

describe("canDeleteUser", () => {
  it("never deletes the Owner or oneself", () => {
    expect(canDeleteUser(manager, owner)).toBe(false);
    expect(canDeleteUser(owner, owner)).toBe(false);
    expect(canDeleteUser(manager, manager)).toBe(false);
  });
  it("follows the edit rule otherwise", () => {
    expect(canDeleteUser(owner, manager)).toBe(true);
    expect(canDeleteUser(manager, otherManager)).toBe(true);
    expect(canDeleteUser(admin, otherAgent)).toBe(true);
    expect(canDeleteUser(admin, otherAdmin)).toBe(false);
    expect(canDeleteUser(agent, otherAgent)).toBe(false);
  });
});

describe("levels", () => {
  it("only Administrators and up manage users", () => {
    expect(canManageUsers(agent)).toBe(false);
    expect([admin, manager, owner].every(canManageUsers)).toBe(true);
  });
  it("never hands out Owner", () => {
    expect(assignableLevels(owner)).toEqual([0, 1, 2]);
    expect(assignableLevels(manager)).toEqual([0, 1, 2]);
    expect(assignableLevels(admin)).toEqual([0]);
    expect(assignableLevels(agent)).toEqual([]);
  });
  it("keeps one's own level and the Owner's as they are", () => {
    expect(canSetLevel(manager, manager, 2)).toBe(true);
    expect(canSetLevel(manager, manager, 1)).toBe(false);
    expect(canSetLevel(owner, owner, 2)).toBe(false);
    expect(canSetLevel(owner, otherManager, 0)).toBe(true);
    expect(canSetLevel(admin, otherAgent, 1)).toBe(false);
  });
});

describe("personName", () => {
  it("is first and last name, the username only for a person without one", () => {
    expect(personName({ firstName: "Dana", lastName: "Demo", username: "demo" })).toBe("Dana Demo");
    expect(personName({ firstName: " ", lastName: "", username: "demo" })).toBe("demo");
    expect(personName({ firstName: "Dana", lastName: null, username: "demo" })).toBe("Dana");
  });
});
