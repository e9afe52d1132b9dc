import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { customFields } from "../features/custom-fields/custom-fields.schema";
import { groupMembers, groups } from "../features/groups/groups.schema";
import { conversations } from "../features/inbox/inbox.schema";
import { messages } from "../features/messages/messages.schema";
import { phoneNumbers } from "../features/numbers/numbers.schema";
import { subscriberExports } from "../features/subscriber-exports/subscriber-exports.schema";
import { subscribers } from "../features/subscribers/subscribers.schema";
import { userGroups, userPhoneNumbers } from "../features/users/users.schema";
import { buildAccountWithUser, buildUser, loginAs } from "../test/factories";
import { createTestServer } from "../test/harness";
import { callTool, grantableScopes, oauthToken, type ToolAnswer } from "../test/mcp-callers";
import { POLICY } from "./policy";
import { EXPECTED, EXPECTED_MCP, ROLES, type Role } from "./policy.fixture";

/**
 * Walks the whole policy table: every /api route as each role of one account, and as the owner
 * of another account (whose answer for this account's ids is 404, or 400 where the empty body
 * is refused first). Bodies are empty (but for BODIES, where the service has the last word): a
 * route that passes the policy answers 400 for a body it
 * needs, so the table shows who gets past the door; the services' own scoping (an agent's
 * groups, a restricted user's numbers, one's own export) shows as 404s on the ids below.
 * Expected answers are in policy.fixture.ts, one row per route.
 */
const t = await createTestServer(process.env.POLICY_RECORD ? { env: { LOG_LEVEL: "error" } } : {});

const { account, user: owner } = await buildAccountWithUser(t.db);
const { user: otherOwner } = await buildAccountWithUser(t.db);
const level = (permissionLevel: number, restricted = false) =>
  buildUser(t.db, { accountId: account.id, permissionLevel, restricted });
const manager = await level(2);
const admin = await level(1);
const agent = await level(0);
const restricted = await level(1, true);
const doomed = await level(0);

const [groupA] = await t.db
  .insert(groups)
  .values({ accountId: account.id, name: "Agents' group" })
  .returning();
const [groupB] = await t.db
  .insert(groups)
  .values({ accountId: account.id, name: "Other group" })
  .returning();
const [inGroup, outside] = await t.db
  .insert(subscribers)
  .values([
    { accountId: account.id, phone: "+13105550101", firstName: "In" },
    { accountId: account.id, phone: "+13105550102", firstName: "Out" },
  ])
  .returning();
await t.db.insert(groupMembers).values([
  { groupId: groupA!.id, subscriberId: inGroup!.id },
  { groupId: groupB!.id, subscriberId: outside!.id },
]);
await t.db.insert(userGroups).values({ userId: agent.id, groupId: groupA!.id });
const [field] = await t.db
  .insert(customFields)
  .values({ accountId: account.id, name: "Shoe size", type: "string" })
  .returning();
const [mine, theirs] = await t.db
  .insert(phoneNumbers)
  .values([
    { accountId: account.id, number: "+12125550101", carrierSid: "PN1", state: "active" },
    { accountId: account.id, number: "+12125550102", carrierSid: "PN2", state: "active" },
  ])
  .returning();
await t.db.insert(userPhoneNumbers).values({ userId: restricted.id, phoneNumberId: mine!.id });
// A thread with the subscriber outside the agent's groups, on the number the restricted user lacks.
const [message] = await t.db
  .insert(messages)
  .values({
    accountId: account.id,
    direction: "inbound",
    fromNumber: outside!.phone,
    toNumber: theirs!.number,
    phoneNumberId: theirs!.id,
    subscriberId: outside!.id,
    body: "Is the sale still on?",
    status: "received",
  })
  .returning();
await t.db.insert(conversations).values({
  subscriberId: outside!.id,
  accountId: account.id,
  phoneNumberId: theirs!.id,
  lastMessageId: message!.id,
  preview: message!.body,
  read: false,
  unreadCount: 1,
});
const exportFile = path.join(os.tmpdir(), `policy-walk-${account.id}.csv`);
await writeFile(exportFile, "Phone Number\n+13105550101\n");
const [ownersExport] = await t.db
  .insert(subscriberExports)
  .values({
    accountId: account.id,
    userId: owner.id,
    status: "finished",
    fileName: "subscribers.csv",
    filePath: exportFile,
  })
  .returning();

const NONE = 999_999;
/** The concrete URL of a route: each parameter filled with this account's thing of that kind. */
function urlOf(route: string): string {
  const [, pattern] = route.split(" ") as [string, string];
  const id = (() => {
    if (pattern.startsWith("/api/subscribers/exports/")) return ownersExport!.id;
    if (pattern.startsWith("/api/subscribers/imports/")) return NONE;
    if (pattern.startsWith("/api/subscribers/")) return outside!.id;
    if (pattern.startsWith("/api/inbox/conversations/")) return outside!.id;
    if (pattern.startsWith("/api/groups/")) return groupB!.id;
    if (pattern.startsWith("/api/custom-fields/")) return field!.id;
    if (pattern.startsWith("/api/dedicated-numbers/")) return theirs!.id;
    if (pattern.startsWith("/api/users/invites/")) return NONE;
    if (pattern.startsWith("/api/users/")) return doomed.id;
    return NONE;
  })();
  return pattern
    .replace(":id", String(id))
    .replace(":provider", "google")
    .replace(":phone", encodeURIComponent("+13105550102"))
    .replace(":file", "card.vcf")
    .replace(
      ":name",
      pattern.startsWith("/api/user/")
        ? "disable_send_all"
        : pattern.startsWith("/api/global")
          ? "chatbot_disabled"
          : "quiet_hours",
    )
    .replace("*", "json");
}

/** The few routes whose rule is the service's, walked with a body it accepts. */
const BODIES: Record<string, unknown> = {
  "PUT /api/account/settings/:name": { val: [] },
};

/** Deletes go last (they would take away what later rows read); logging out goes very last. */
function walkOrder(a: string, b: string): number {
  const rank = (r: string) => (r.endsWith("/logout") ? 2 : r.startsWith("DELETE ") ? 1 : 0);
  return rank(a) - rank(b) || a.localeCompare(b);
}

describe("the policy table", () => {
  it("shows agents their groups' subscribers, restricted users their numbers' messages, each their own export", async () => {
    const as = async (u: { username: string; password: string }) =>
      loginAs(t.app, u.username, u.password);
    const [ownerCookie, agentCookie, restrictedCookie, adminCookie] = await Promise.all(
      [owner, agent, restricted, admin].map(as),
    );
    const list = await t.get("/api/subscribers?withTotal=true", { cookie: agentCookie });
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual([inGroup!.id]);
    expect(list.json().total).toBe(1);
    const seenGroups = await t.get("/api/groups", { cookie: agentCookie });
    expect(seenGroups.json().rows.map((r: { id: number }) => r.id)).toEqual([groupA!.id]);

    const thread = `/api/subscribers/${outside!.id}/messages`;
    expect((await t.get(thread, { cookie: ownerCookie })).json().total).toBe(1);
    const seen = await t.get(thread, { cookie: restrictedCookie });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ total: 0, rows: [] });
    expect((await t.get(thread, { cookie: agentCookie })).statusCode).toBe(404);

    const exports = await t.get("/api/subscribers/exports", { cookie: adminCookie });
    expect(exports.json().total).toBe(0);
    const all = await t.get("/api/subscribers/exports", { cookie: ownerCookie });
    expect(all.json().rows.map((r: { id: number }) => r.id)).toEqual([ownersExport!.id]);
  });

  it("has a fixture row for every route, and a route for every row", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(POLICY).sort());
    const stale = Object.keys(POLICY).filter((route) => {
      const [method, url] = route.split(" ") as [string, string];
      return !t.app.hasRoute({ method: method as "GET", url });
    });
    expect(stale).toEqual([]);
  });

  // Before the route walk, which deletes the subscriber whose thread these tools read.
  it("answers MCP tools as the screens do, for every role, through OAuth tokens and API keys", async () => {
    const who: Record<Role, { username: string; password: string }> = {
      owner,
      manager,
      administrator: admin,
      agent,
      restricted,
      otherAccount: otherOwner,
    };
    /** What a tool's answer shows: how many rows or messages, or why it was refused. */
    const digest = (tool: string, a: ToolAnswer): string => {
      if (a.isError) return a.text.slice(0, 40);
      const body = JSON.parse(a.text);
      if (tool === "search_subscribers") return `${body.rows.length} subscribers`;
      if (tool === "read_conversation") return `${body.total} messages`;
      return "ok";
    };
    const calls: [string, Record<string, unknown>][] = [
      ["search_subscribers", {}],
      ["read_conversation", { subscriberId: outside!.id }],
      ["report_sends", {}],
      ["list_webinars", {}],
    ];
    for (const kind of ["oauth", "key"] as const) {
      const got: Record<string, Record<Role, string>> = {};
      for (const role of ROLES) {
        const u = who[role];
        const cookie = await loginAs(t.app, u.username, u.password);
        let bearer: string;
        if (kind === "oauth") bearer = await oauthToken(t, cookie);
        else {
          const made = await t.post(
            "/api/api-keys",
            { name: "Matrix", scopes: await grantableScopes(t, cookie) },
            { cookie },
          );
          // An Agent makes no keys: theirs is an Administrator's key whose maker became an Agent.
          bearer = made.statusCode === 403 ? await keyOfDemoted() : made.json().key;
        }
        for (const [tool, args] of calls) {
          got[tool] ??= {} as Record<Role, string>;
          got[tool][role] = digest(tool, await callTool(t, bearer, tool, args));
        }
      }
      if (process.env.POLICY_RECORD) console.log(kind, JSON.stringify(got, null, 1));
      const expected = Object.fromEntries(
        calls.map(([tool]) => [
          tool,
          Object.fromEntries(ROLES.map((role, i) => [role, EXPECTED_MCP[tool]?.[i]])),
        ]),
      );
      expect(got, `MCP tools through ${kind === "oauth" ? "OAuth tokens" : "API keys"}`).toEqual(
        expected,
      );
    }
  }, 90_000);

  it("answers every route as the fixture says, for every role", async () => {
    const who: Record<Role, { username: string; password: string }> = {
      owner,
      manager,
      administrator: admin,
      agent,
      restricted,
      otherAccount: otherOwner,
    };
    const cookies = {} as Record<Role, string>;
    for (const role of ROLES)
      cookies[role] = await loginAs(t.app, who[role].username, who[role].password);

    const got: Record<string, Record<Role, number>> = {};
    const routes = Object.keys(POLICY).sort(walkOrder);
    for (const route of routes) {
      const [method] = route.split(" ") as [string, string];
      got[route] = {} as Record<Role, number>;
      // Least rights first, so a delete by one role is seen by the next as gone (404).
      for (const [i, role] of [...ROLES].reverse().entries()) {
        const res = await t.request({
          method: method as "GET",
          url: urlOf(route),
          cookie: cookies[role],
          body: method === "GET" || method === "DELETE" ? undefined : (BODIES[route] ?? {}),
          remoteAddress: `10.9.${i}.${routes.indexOf(route) % 250}`,
        });
        got[route][role] = res.statusCode;
      }
    }
    if (process.env.POLICY_RECORD) console.log(JSON.stringify(got, null, 1));
    const expected = Object.fromEntries(
      routes.map((r) => [r, Object.fromEntries(ROLES.map((role, i) => [role, EXPECTED[r]?.[i]]))]),
    );
    expect(got).toEqual(expected);
    // Some 230 routes × 6 roles: more than the default 20 s on a busy 2-core machine.
  }, 240_000);
});

/** The Agent column of the key matrix: an Administrator's key, its maker then made an Agent. */
async function keyOfDemoted(): Promise<string> {
  const ownerCookie = await loginAs(t.app, owner.username, owner.password);
  const stand = await buildUser(t.db, { accountId: account.id, permissionLevel: 1 });
  const cookie = await loginAs(t.app, stand.username, stand.password);
  const made = await t.post(
    "/api/api-keys",
    { name: "Demoted", scopes: await grantableScopes(t, cookie) },
    { cookie },
  );
  const demoted = await t.put(
    `/api/users/${stand.id}`,
    {
      email: stand.email,
      permissionLevel: 0,
      restricted: false,
      groupIds: [groupA!.id],
      longcodeIds: [],
      disableMassMessaging: false,
    },
    { cookie: ownerCookie },
  );
  expect(demoted.statusCode).toBe(200);
  return made.json().key;
}
