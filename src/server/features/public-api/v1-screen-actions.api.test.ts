import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POLICY } from "../../http/policy";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { receiveInbound } from "../../test/inbound";
import { type Method, v1Client } from "../../test/v1-client";
import { groups } from "../groups/groups.schema";
import { runReportExport } from "../growth-reports/report-exports.service";
import { phoneNumbers } from "../numbers/numbers.schema";
import { runExport } from "../subscriber-exports/exports.service";
import { runImport } from "../subscriber-imports/import-runner";
import { subscribers } from "../subscribers/subscribers.schema";

/**
 * The screens' remaining actions through /api/v1 (issue 17): block and unblock, the consent
 * record, bulk actions, imports and exports; assigning, closing, reopening and reading
 * conversations; searching, buying and releasing numbers and brand registration; the business
 * profile and account settings; users and invitations; report exports. Each operation is called with a key of its scope (works), a key
 * without it (403) and another account's key (404, or that account's own data only).
 */
const t = await createTestServer({
  listen: true,
  env: {
    API_RATE_LIMIT: "5000",
    EMULATOR_LATENCY_MS: "10",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "v1-screen-actions-")),
  },
});

const a = await buildAccountWithUser(t.db);
const b = await buildAccountWithUser(t.db);
const cookieA = await loginAs(t.app, a.user.username, a.user.password);
const cookieB = await loginAs(t.app, b.user.username, b.user.password);
const teammate = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 1 });
const agent = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
const cookieTeammate = await loginAs(t.app, teammate.username, teammate.password);

async function ownNumber(accountId: number, number: string) {
  const owned = await t.ctx.carrier.buyNumber(number, {
    smsUrl: "",
    statusCallback: "",
    friendlyName: "",
  });
  const [row] = await t.db
    .insert(phoneNumbers)
    .values({ accountId, number, carrierSid: owned.sid, state: "active" })
    .returning();
  return row!;
}
const numberA = await ownNumber(a.account.id, "+14155550191");
await ownNumber(b.account.id, "+14155550192");
const [groupA] = await t.db
  .insert(groups)
  .values({ accountId: a.account.id, name: "Regulars" })
  .returning();
const [subA, subA2] = await t.db
  .insert(subscribers)
  .values([
    {
      accountId: a.account.id,
      phone: "+13105550191",
      firstName: "Lin",
      marketingConsentAt: new Date(),
    },
    {
      accountId: a.account.id,
      phone: "+13105550192",
      firstName: "Max",
      marketingConsentAt: new Date(),
    },
  ])
  .returning();
// A texts in: a conversation on A's number.
await receiveInbound(t.ctx, {
  sid: `SM${randomBytes(16).toString("hex")}`,
  from: subA!.phone,
  to: numberA.number,
  body: "Is the patio open?",
  mediaUrls: [],
  segments: 1,
});

async function makeKey(cookie: string, scopes: readonly string[]) {
  const res = await t.post(
    "/api/api-keys",
    { name: scopes.join(" ").slice(0, 80), scopes },
    { cookie },
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}
const keys = {
  subscribersRead: await makeKey(cookieA, ["subscribers:read"]),
  subscribersWrite: await makeKey(cookieA, ["subscribers:write"]),
  groupsRead: await makeKey(cookieA, ["groups:read"]),
  messagesRead: await makeKey(cookieA, ["messages:read"]),
  messagesWrite: await makeKey(cookieA, ["messages:write"]),
  numbersRead: await makeKey(cookieA, ["numbers:read"]),
  numbersWrite: await makeKey(cookieA, ["numbers:write"]),
  settingsRead: await makeKey(cookieA, ["settings:read"]),
  settingsWrite: await makeKey(cookieA, ["settings:write"]),
  usersRead: await makeKey(cookieA, ["users:read"]),
  reportsRead: await makeKey(cookieA, ["reports:read"]),
  usersWrite: await makeKey(cookieA, ["users:write"]),
  /** Made by an Administrator: it manages Agents only, as its maker does. */
  adminUsersWrite: await makeKey(cookieTeammate, ["users:write"]),
  /** Every area of B at its widest. */
  otherAccount: await makeKey(cookieB, [
    "subscribers:write",
    "messages:write",
    "numbers:write",
    "settings:write",
    "users:write",
    "reports:read",
  ]),
};
/** A report export of A's (for the other account's 404s). */
let reportExportA = 0;
/** A pending invitation of A's (for the other account's 404s). */
let inviteA = 0;

const { call, ok } = v1Client(t);

function multipartCsv(csv: string, filename = "people.csv") {
  const boundary = "----v1screenactions";
  return {
    body: [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="${filename}"`,
      "Content-Type: text/csv",
      "",
      csv,
      `--${boundary}--`,
      "",
    ].join("\r\n"),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
function upload(key: string, csv: string, idem?: string) {
  const form = multipartCsv(csv);
  return t.request({
    method: "POST",
    url: "/api/v1/subscribers/imports",
    body: form.body,
    csrf: false,
    headers: {
      authorization: `Bearer ${key}`,
      ...form.headers,
      ...(idem ? { "idempotency-key": idem } : {}),
    },
  });
}

const brand = {
  legalName: "Bean There LLC",
  ein: "12-3456789",
  website: "https://beanthere.example",
  vertical: "Restaurant",
  street: "12 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
  contactEmail: "owner@beanthere.example",
};
const campaign = {
  useCase: "Marketing",
  description: "Weekly offers and order-ready notices to customers who opted in at the counter.",
  sampleMessages: [
    "Bean There: 2-for-1 lattes today only! Reply STOP to opt out.",
    "Bean There: your order is ready for pickup.",
  ],
};

describe("subscribers: block, consent record, bulk actions", () => {
  it("blocks and unblocks, and the consent record says so", async () => {
    const blocked = await ok<{ blocked: boolean }>(
      call(keys.subscribersWrite, "POST", `/api/v1/subscribers/${subA!.id}/block`),
    );
    expect(blocked.blocked).toBe(true);
    const history = await ok<{ rows: { action: string; source: string }[] }>(
      call(keys.subscribersRead, "GET", `/api/v1/subscribers/${subA!.id}/consent-history`),
    );
    expect(history.rows.map((r) => r.action)).toContain("block");
    const unblocked = await ok<{ blocked: boolean }>(
      call(keys.subscribersWrite, "POST", `/api/v1/subscribers/${subA!.id}/unblock`),
    );
    expect(unblocked.blocked).toBe(false);
    // The screen shows the same record.
    const screen = await t.get(`/api/subscribers/${subA!.id}/consent-history`, {
      cookie: cookieA,
    });
    expect(screen.json().rows.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(["block", "unblock"]),
    );
  });

  it("adds to and removes from a group in bulk; deletes in bulk", async () => {
    const sel = { mode: "ids", ids: [subA!.id, subA2!.id] };
    const added = await ok<{ affected: number }>(
      call(keys.subscribersWrite, "POST", "/api/v1/subscribers/bulk/add-to-group", {
        selection: sel,
        groupId: groupA!.id,
      }),
    );
    expect(added.affected).toBe(2);
    const inGroup = await ok<{ rows: unknown[] }>(
      call(keys.subscribersRead, "GET", `/api/v1/subscribers?group=${groupA!.id}`),
    );
    expect(inGroup.rows).toHaveLength(2);
    const removed = await ok<{ affected: number }>(
      call(keys.subscribersWrite, "POST", "/api/v1/subscribers/bulk/remove-from-group", {
        selection: { mode: "ids", ids: [subA2!.id] },
        groupId: groupA!.id,
      }),
    );
    expect(removed.affected).toBe(1);
    // Another account's key: A's group is not B's (404), A's subscribers are not selected.
    const foreign = await call(keys.otherAccount, "POST", "/api/v1/subscribers/bulk/add-to-group", {
      selection: sel,
      groupId: groupA!.id,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await call(keys.otherAccount, "POST", "/api/v1/subscribers/bulk/delete", {
      selection: sel,
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect(
      (await call(keys.subscribersRead, "GET", `/api/v1/subscribers/${subA2!.id}`)).statusCode,
    ).toBe(200);
  });
});

describe("subscriber imports and exports", () => {
  it("uploads a CSV, starts it with a mapping, and reports its counts", async () => {
    const up = await ok<{ id: number; status: string }>(
      upload(keys.subscribersWrite, "Phone,First\n2125550411,Ann\nnot a phone,Bob\n", "imp-1"),
      201,
    );
    expect(up.status).toBe("uploaded");
    const again = await upload(keys.subscribersWrite, "Phone,First\n2125550411,Ann\n", "imp-1");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(up.id);
    // Without the attestation nothing starts: the file's consent is the business's word.
    const unattested = await call(
      keys.subscribersWrite,
      "POST",
      `/api/v1/subscribers/imports/${up.id}/start`,
      { mapping: ["number", "firstName"] },
    );
    expect(unattested.statusCode).toBe(400);
    expect(Object.keys(unattested.json())).toEqual(["error"]);
    const started = await ok<{ status: string }>(
      call(keys.subscribersWrite, "POST", `/api/v1/subscribers/imports/${up.id}/start`, {
        mapping: ["number", "firstName"],
        groupIds: [groupA!.id],
        attestation: true,
      }),
    );
    expect(started.status).toBe("queued");
    await runImport(t.ctx, up.id);
    const done = await ok<{ status: string; added: number; failed: number }>(
      call(keys.subscribersWrite, "GET", `/api/v1/subscribers/imports/${up.id}`),
    );
    expect(done).toMatchObject({ status: "finished", added: 1, failed: 1 });
    // The failed row comes back with its reason, from the API's own link.
    const failedRowsUrl = (done as unknown as { failedRowsUrl: string }).failedRowsUrl;
    expect(failedRowsUrl).toBe(`/api/v1/subscribers/imports/${up.id}/failed-rows`);
    const failedRows = await call(keys.subscribersWrite, "GET", failedRowsUrl);
    expect(failedRows.statusCode).toBe(200);
    expect(failedRows.body).toContain("not a phone");
    expect((await call(keys.otherAccount, "GET", failedRowsUrl)).statusCode).toBe(404);
    const list = await ok<{ rows: { id: number }[] }>(
      call(keys.subscribersWrite, "GET", "/api/v1/subscribers/imports"),
    );
    expect(list.rows.map((r) => r.id)).toContain(up.id);
    const found = await ok<{ rows: { firstName: string }[] }>(
      call(keys.subscribersRead, "GET", "/api/v1/subscribers?query=Ann"),
    );
    expect(found.rows.map((r) => r.firstName)).toEqual(["Ann"]);

    // Another account sees neither the import nor its list entry.
    expect(
      (await call(keys.otherAccount, "GET", `/api/v1/subscribers/imports/${up.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(keys.otherAccount, "POST", `/api/v1/subscribers/imports/${up.id}/start`, {
          mapping: ["number", "firstName"],
          attestation: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ok<{ rows: unknown[] }>(call(keys.otherAccount, "GET", "/api/v1/subscribers/imports")))
        .rows,
    ).toEqual([]);
  });

  it("starts an export, reports it finished and downloads the CSV", async () => {
    const started = await ok<{ id: number; status: string }>(
      call(
        keys.subscribersWrite,
        "POST",
        "/api/v1/subscribers/exports",
        { selection: { mode: "ids", ids: [subA!.id] } },
        "exp-1",
      ),
      201,
    );
    expect(started.status).toBe("queued");
    await runExport(t.ctx, started.id);
    const status = await ok<{ status: string; rowCount: number }>(
      call(keys.subscribersWrite, "GET", `/api/v1/subscribers/exports/${started.id}`),
    );
    expect(status).toMatchObject({ status: "finished", rowCount: 1 });
    expect((status as unknown as { downloadUrl: string }).downloadUrl).toBe(
      `/api/v1/subscribers/exports/${started.id}/download`,
    );
    const file = await call(
      keys.subscribersWrite,
      "GET",
      `/api/v1/subscribers/exports/${started.id}/download`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.body).toContain("3105550191");
    expect(
      (
        await ok<{ rows: { id: number }[] }>(
          call(keys.subscribersWrite, "GET", "/api/v1/subscribers/exports"),
        )
      ).rows.map((r) => r.id),
    ).toEqual([started.id]);
    for (const url of [
      `/api/v1/subscribers/exports/${started.id}`,
      `/api/v1/subscribers/exports/${started.id}/download`,
    ]) {
      expect((await call(keys.otherAccount, "GET", url)).statusCode, url).toBe(404);
    }
    expect(
      (await ok<{ rows: unknown[] }>(call(keys.otherAccount, "GET", "/api/v1/subscribers/exports")))
        .rows,
    ).toEqual([]);
    // A's subscribers cannot be selected by B: nothing to export.
    const foreign = await call(keys.otherAccount, "POST", "/api/v1/subscribers/exports", {
      selection: { mode: "ids", ids: [subA!.id] },
    });
    if (foreign.statusCode === 201) expect(foreign.json().rowCount).toBe(0);
    else expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe("conversations: assign, close, reopen, read", () => {
  it("does what the inbox screen does, seen on the screen", async () => {
    const conv = `/api/v1/conversations/${subA!.id}`;
    const users = await ok<{ users: { id: number }[] }>(
      call(keys.messagesRead, "GET", `/api/v1/assignable-users?numberIds=${subA!.id}`),
    );
    expect(users.users.map((u) => u.id)).toContain(teammate.id);
    await ok(call(keys.messagesWrite, "PUT", `${conv}/assignee`, { userId: teammate.id }));
    expect(
      (await ok<{ assignedUserId: number }>(call(keys.messagesRead, "GET", conv))).assignedUserId,
    ).toBe(teammate.id);
    // Someone else's user cannot be given the conversation.
    expect(
      (await call(keys.messagesWrite, "PUT", `${conv}/assignee`, { userId: b.user.id })).statusCode,
    ).toBe(404);

    expect((await call(keys.messagesWrite, "POST", `${conv}/read`)).statusCode).toBe(204);
    expect((await ok<{ read: boolean }>(call(keys.messagesRead, "GET", conv))).read).toBe(true);

    await ok(call(keys.messagesWrite, "POST", `${conv}/close`));
    const screen = await t.get(`/api/inbox/conversations/${subA!.id}`, { cookie: cookieA });
    expect(screen.json()).toMatchObject({ archived: true, assignedUserId: teammate.id });
    await ok(call(keys.messagesWrite, "POST", `${conv}/reopen`));
    expect((await ok<{ archived: boolean }>(call(keys.messagesRead, "GET", conv))).archived).toBe(
      false,
    );

    // Another account's key: 404 on every action, and nothing changed.
    for (const [method, url, body] of [
      ["PUT", `${conv}/assignee`, { userId: null }],
      ["POST", `${conv}/read`, undefined],
      ["POST", `${conv}/close`, undefined],
      ["POST", `${conv}/reopen`, undefined],
    ] as const) {
      const res = await call(keys.otherAccount, method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    const other = await ok<{ users: { id: number }[] }>(
      call(keys.otherAccount, "GET", "/api/v1/assignable-users"),
    );
    expect(other.users.map((u) => u.id)).not.toContain(teammate.id);
    expect(
      await ok<{ assignedUserId: number; archived: boolean }>(call(keys.messagesRead, "GET", conv)),
    ).toMatchObject({
      assignedUserId: teammate.id,
      archived: false,
    });
  });
});

describe("numbers and brand registration", () => {
  it("searches, buys (idempotently) and releases a number", async () => {
    const found = await ok<{ rows: { number: string }[] }>(
      call(keys.numbersWrite, "GET", "/api/v1/numbers/available?areaCode=212"),
    );
    expect(found.rows.length).toBeGreaterThan(0);
    const pick = found.rows[0]!.number;
    const bought = await ok<{ id: number; number: string; name: string }>(
      call(keys.numbersWrite, "POST", "/api/v1/numbers", { number: pick, name: "Desk" }, "buy-1"),
      201,
    );
    expect(bought).toMatchObject({ number: pick, name: "Desk" });
    const again = await call(
      keys.numbersWrite,
      "POST",
      "/api/v1/numbers",
      { number: pick, name: "Desk" },
      "buy-1",
    );
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(bought.id);
    expect(
      (
        await ok<{ rows: { id: number }[] }>(call(keys.numbersRead, "GET", "/api/v1/numbers"))
      ).rows.map((r) => r.id),
    ).toContain(bought.id);

    expect(
      (await call(keys.otherAccount, "DELETE", `/api/v1/numbers/${bought.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(keys.numbersWrite, "DELETE", `/api/v1/numbers/${bought.id}`)).statusCode,
    ).toBe(204);
    expect((await call(keys.numbersRead, "GET", `/api/v1/numbers/${bought.id}`)).statusCode).toBe(
      404,
    );
  });

  it("reads and submits the brand, then the campaign, per account", async () => {
    expect(await ok(call(keys.numbersWrite, "GET", "/api/v1/brand-registration"))).toMatchObject({
      brandStatus: "none",
    });
    const bad = await call(keys.numbersWrite, "PUT", "/api/v1/brand-registration/brand", {
      ...brand,
      ein: "123",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ message: "Enter a valid EIN (12-3456789)" });
    expect(
      await ok(call(keys.numbersWrite, "PUT", "/api/v1/brand-registration/brand", brand)),
    ).toMatchObject({ brandStatus: "pending", brand: { ein: "12-3456789" } });
    expect(
      await ok(call(keys.numbersWrite, "PUT", "/api/v1/brand-registration/campaign", campaign)),
    ).toMatchObject({ campaignStatus: "pending" });
    // The screen reads the same registration; B's key reads B's (none).
    expect((await t.get("/api/brand-registration", { cookie: cookieA })).json()).toMatchObject({
      brandStatus: "pending",
      campaignStatus: "pending",
    });
    expect(await ok(call(keys.otherAccount, "GET", "/api/v1/brand-registration"))).toMatchObject({
      brandStatus: "none",
      brand: null,
    });
  });
});

describe("business profile and account settings", () => {
  it("reads and changes them; another account's key changes its own only", async () => {
    const profile = await ok<Record<string, unknown>>(
      call(keys.settingsRead, "GET", "/api/v1/account/profile"),
    );
    const changed = await ok<{ businessName: string }>(
      call(keys.settingsWrite, "PUT", "/api/v1/account/profile", {
        businessName: "Bean There",
        email: "owner@beanthere.example",
        industry: 1,
        timezoneId: 1,
        businessPhone: "",
        messageValidityMinutes: 240,
      }),
    );
    expect(changed.businessName).toBe("Bean There");
    expect(profile.businessName).not.toBe("Bean There");
    const quiet = [["21:00", "08:00"]];
    expect(
      await ok(
        call(keys.settingsWrite, "PUT", "/api/v1/account/settings/quiet_hours", { val: quiet }),
      ),
    ).toMatchObject({ name: "quiet_hours", value: quiet });
    expect(
      (
        await ok<{ value: unknown }>(
          call(keys.settingsRead, "GET", "/api/v1/account/settings/quiet_hours"),
        )
      ).value,
    ).toEqual(quiet);
    const bad = await call(keys.settingsWrite, "PUT", "/api/v1/account/settings/quiet_hours", {
      val: [["25:00", "08:00"]],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(keys.settingsRead, "GET", "/api/v1/account/settings/no_such_setting")).statusCode,
    ).toBe(400);
    // B reads its own settings, not A's.
    expect(
      (
        await ok<{ value: unknown }>(
          call(keys.otherAccount, "GET", "/api/v1/account/settings/quiet_hours"),
        )
      ).value,
    ).not.toEqual(quiet);
    expect(
      (
        await ok<{ businessName: string }>(
          call(keys.otherAccount, "GET", "/api/v1/account/profile"),
        )
      ).businessName,
    ).not.toBe("Bean There");
  });
});

describe("users and invitations", () => {
  const userBody = (u: { email: string; username: string }, permissionLevel: number) => ({
    email: u.email,
    username: u.username,
    firstName: "Sam",
    lastName: "Lee",
    permissionLevel,
    groupIds: permissionLevel === 0 ? [groupA!.id] : [],
    longcodeIds: [],
    restricted: false,
    disableMassMessaging: false,
  });

  it("lists the team, invites (idempotently) and withdraws an invitation", async () => {
    const list = await ok<{ users: { id: number }[]; assignableLevels: number[] }>(
      call(keys.usersRead, "GET", "/api/v1/users"),
    );
    expect(list.users.map((u) => u.id)).toEqual(
      expect.arrayContaining([a.user.id, teammate.id, agent.id]),
    );
    const invite = {
      email: "sam@beanthere.example",
      permissionLevel: 1,
      groupIds: [],
      longcodeIds: [],
      disableMassMessaging: false,
    };
    expect((await call(keys.usersRead, "POST", "/api/v1/users/invites", invite)).statusCode).toBe(
      403,
    );
    const made = await ok<{ id: number; email: string }>(
      call(keys.usersWrite, "POST", "/api/v1/users/invites", invite, "invite-1"),
      201,
    );
    const again = await call(keys.usersWrite, "POST", "/api/v1/users/invites", invite, "invite-1");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().id).toBe(made.id);
    const pending = await ok<{ invites: { id: number }[] }>(
      call(keys.usersRead, "GET", "/api/v1/users"),
    );
    expect(pending.invites.map((i) => i.id)).toContain(made.id);
    // The screen lists it too.
    expect(
      (await t.get("/api/users", { cookie: cookieA }))
        .json()
        .invites.map((i: { id: number }) => i.id),
    ).toContain(made.id);
    expect(
      (await call(keys.otherAccount, "DELETE", `/api/v1/users/invites/${made.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(keys.usersWrite, "DELETE", `/api/v1/users/invites/${made.id}`)).statusCode,
    ).toBe(204);
    inviteA = (
      await ok<{ id: number }>(
        call(keys.usersWrite, "POST", "/api/v1/users/invites", {
          ...invite,
          email: "kim@beanthere.example",
        }),
        201,
      )
    ).id;
    // B sees its own team only.
    const theirs = await ok<{ users: { id: number }[]; invites: { id: number }[] }>(
      call(keys.otherAccount, "GET", "/api/v1/users"),
    );
    expect(theirs.users.map((u) => u.id)).toEqual([b.user.id]);
    expect(theirs.invites).toEqual([]);
  });

  it("changes a role within the maker's rank, and removes a user", async () => {
    const sam = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
    const promoted = await ok<{ permissionLevel: number }>(
      call(keys.usersWrite, "PUT", `/api/v1/users/${sam.id}`, userBody(sam, 1)),
    );
    expect(promoted.permissionLevel).toBe(1);
    // An Administrator's key cannot give Manager, nor touch another Administrator.
    const tooHigh = await call(keys.adminUsersWrite, "PUT", `/api/v1/users/${agent.id}`, {
      ...userBody(agent, 2),
    });
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.json().error.code).toBe("FORBIDDEN");
    expect((await call(keys.adminUsersWrite, "DELETE", `/api/v1/users/${sam.id}`)).statusCode).toBe(
      403,
    );
    // Never the Owner; never another account's user.
    expect((await call(keys.usersWrite, "DELETE", `/api/v1/users/${a.user.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(keys.otherAccount, "DELETE", `/api/v1/users/${sam.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(keys.otherAccount, "PUT", `/api/v1/users/${sam.id}`, userBody(sam, 2)))
        .statusCode,
    ).toBe(404);
    expect((await call(keys.usersWrite, "DELETE", `/api/v1/users/${sam.id}`)).statusCode).toBe(204);
    const after = await ok<{ users: { id: number }[] }>(
      call(keys.usersRead, "GET", "/api/v1/users"),
    );
    expect(after.users.map((u) => u.id)).not.toContain(sam.id);
  });
});

describe("report exports", () => {
  it("starts a report's export, reports its progress and downloads the CSV, per account", async () => {
    const started = await ok<{ id: number; status: string; report: string }>(
      call(keys.reportsRead, "POST", "/api/v1/reports/exports", { report: "subscribers" }, "rep-1"),
      201,
    );
    expect(started).toMatchObject({ status: "queued", report: "subscribers" });
    reportExportA = started.id;
    const again = await call(
      keys.reportsRead,
      "POST",
      "/api/v1/reports/exports",
      { report: "subscribers" },
      "rep-1",
    );
    expect(again.json().id).toBe(started.id);
    await runReportExport(t.ctx, started.id);
    const done = await ok<{ status: string; downloadUrl: string }>(
      call(keys.reportsRead, "GET", `/api/v1/reports/exports/${started.id}`),
    );
    expect(done).toMatchObject({
      status: "finished",
      downloadUrl: `/api/v1/reports/exports/${started.id}/download`,
    });
    const file = await call(keys.reportsRead, "GET", done.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(
      (
        await ok<{ rows: { id: number }[] }>(
          call(keys.reportsRead, "GET", "/api/v1/reports/exports?report=subscribers"),
        )
      ).rows.map((r) => r.id),
    ).toContain(started.id);
    expect(
      (await ok<{ rows: unknown[] }>(call(keys.otherAccount, "GET", "/api/v1/reports/exports")))
        .rows,
    ).toEqual([]);
    // Conversions: the screen's report, and the key orders are reported with (A's, not B's).
    const conv = await ok<{ key: string; endpointUrl: string }>(
      call(keys.reportsRead, "GET", "/api/v1/conversions/settings"),
    );
    expect(conv.endpointUrl).toMatch(/\/api\/public\/conversions$/);
    expect(
      (await ok<{ key: string }>(call(keys.otherAccount, "GET", "/api/v1/conversions/settings")))
        .key,
    ).not.toBe(conv.key);
    const report = await ok<{ total: { conversions: number } }>(
      call(keys.reportsRead, "GET", "/api/v1/conversions"),
    );
    expect(report.total.conversions).toBe(0);
    const bad = await call(keys.reportsRead, "POST", "/api/v1/reports/exports", {
      report: "subscribers",
      from: "2026-06-30",
      to: "2026-06-01",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["error"]);
  });
});

/** Each new operation, the scope that opens it and one that does not. */
const SCOPE_MATRIX: [route: string, opens: keyof typeof keys, refused: keyof typeof keys][] = [
  ["POST /api/v1/subscribers/:id/block", "subscribersWrite", "subscribersRead"],
  ["POST /api/v1/subscribers/:id/unblock", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/:id/consent-history", "subscribersRead", "groupsRead"],
  ["POST /api/v1/subscribers/bulk/delete", "subscribersWrite", "subscribersRead"],
  ["POST /api/v1/subscribers/bulk/add-to-group", "subscribersWrite", "subscribersRead"],
  ["POST /api/v1/subscribers/bulk/remove-from-group", "subscribersWrite", "subscribersRead"],
  ["POST /api/v1/subscribers/imports", "subscribersWrite", "subscribersRead"],
  ["POST /api/v1/subscribers/imports/:id/start", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/imports", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/imports/:id", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/imports/:id/failed-rows", "subscribersWrite", "subscribersRead"],
  ["POST /api/v1/subscribers/exports", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/exports", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/exports/:id", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/subscribers/exports/:id/download", "subscribersWrite", "subscribersRead"],
  ["GET /api/v1/assignable-users", "messagesRead", "subscribersRead"],
  ["PUT /api/v1/conversations/:id/assignee", "messagesWrite", "messagesRead"],
  ["POST /api/v1/conversations/:id/close", "messagesWrite", "messagesRead"],
  ["POST /api/v1/conversations/:id/reopen", "messagesWrite", "messagesRead"],
  ["POST /api/v1/conversations/:id/read", "messagesWrite", "messagesRead"],
  ["GET /api/v1/numbers/available", "numbersWrite", "numbersRead"],
  ["POST /api/v1/numbers", "numbersWrite", "numbersRead"],
  ["DELETE /api/v1/numbers/:id", "numbersWrite", "numbersRead"],
  ["GET /api/v1/brand-registration", "numbersWrite", "numbersRead"],
  ["PUT /api/v1/brand-registration/brand", "numbersWrite", "numbersRead"],
  ["PUT /api/v1/brand-registration/campaign", "numbersWrite", "numbersRead"],
  ["GET /api/v1/account/profile", "settingsRead", "subscribersRead"],
  ["PUT /api/v1/account/profile", "settingsWrite", "settingsRead"],
  ["GET /api/v1/account/settings/:name", "settingsRead", "subscribersRead"],
  ["PUT /api/v1/account/settings/:name", "settingsWrite", "settingsRead"],
  ["POST /api/v1/reports/exports", "reportsRead", "subscribersRead"],
  ["GET /api/v1/reports/exports", "reportsRead", "subscribersRead"],
  ["GET /api/v1/reports/exports/:id", "reportsRead", "subscribersRead"],
  ["GET /api/v1/reports/exports/:id/download", "reportsRead", "subscribersRead"],
  ["GET /api/v1/conversions", "reportsRead", "subscribersRead"],
  ["GET /api/v1/conversions/settings", "reportsRead", "subscribersRead"],
  ["GET /api/v1/users", "usersRead", "settingsRead"],
  ["POST /api/v1/users/invites", "usersWrite", "usersRead"],
  ["DELETE /api/v1/users/invites/:id", "usersWrite", "usersRead"],
  ["PUT /api/v1/users/:id", "usersWrite", "usersRead"],
  ["DELETE /api/v1/users/:id", "usersWrite", "usersRead"],
];

describe("every operation of this file", () => {
  it("is in the policy table, with an operationId, a summary and an example body", async () => {
    const doc = (await t.get("/api/docs/json")).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            summary?: string;
            security?: unknown;
            requestBody?: { content: Record<string, { example?: unknown; examples?: unknown }> };
          }
        >
      >;
    };
    const ids = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .map((o) => o.operationId)
      .filter(Boolean);
    expect(new Set(ids).size, "operationIds are unique").toBe(ids.length);
    for (const [route] of SCOPE_MATRIX) {
      expect(POLICY[route], route).toBeDefined();
      const [method, url] = route.split(" ") as [string, string];
      const o = doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
      expect(o?.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(o?.summary, route).toBeTruthy();
      expect(o?.security, route).toEqual([{ apiKey: [] }]);
      const json = o?.requestBody?.content["application/json"];
      if (json) expect(json.example ?? json.examples, `${route} has an example`).toBeDefined();
    }
  });

  it("refuses a key without its scope (403), before reading the body", async () => {
    for (const [route, , refused] of SCOPE_MATRIX) {
      const [method, url] = route.split(" ") as [Method, string];
      const res = await call(
        keys[refused],
        method,
        url.replace(":id", String(subA!.id)).replace(":name", "quiet_hours"),
        method === "GET" || method === "DELETE" ? undefined : {},
      );
      expect(res.statusCode, route).toBe(403);
      expect(res.json().error.code, route).toBe("FORBIDDEN");
    }
  });

  it("lets the scope in (past the policy: the body is checked next)", async () => {
    for (const [route, opens] of SCOPE_MATRIX) {
      const [method, url] = route.split(" ") as [Method, string];
      if (method === "DELETE") continue; // releasing is shown above, on a number bought for it
      const res = await call(
        keys[opens],
        method,
        url.replace(":id", "999999").replace(":name", "quiet_hours"),
        method === "GET" ? undefined : { nonsense: true },
      );
      expect([200, 400, 404, 406, 415], `${route}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode !== 200) expect(Object.keys(res.json()), route).toEqual(["error"]);
    }
  });

  it("answers another account's key with 404 on this account's ids", async () => {
    for (const [route] of SCOPE_MATRIX.filter(([r]) => r.includes(":id"))) {
      const [method, url] = route.split(" ") as [Method, string];
      const id = url.includes("/numbers/")
        ? numberA.id
        : url.includes("/invites/")
          ? inviteA
          : url.includes("/reports/exports/")
            ? reportExportA
            : url.includes("/users/")
              ? agent.id
              : subA!.id;
      const body = url.endsWith("/start")
        ? { mapping: ["number"], attestation: true }
        : url.endsWith("/assignee")
          ? { userId: null }
          : route === "PUT /api/v1/users/:id"
            ? {
                email: "x@example.test",
                permissionLevel: 1,
                groupIds: [],
                longcodeIds: [],
                disableMassMessaging: false,
              }
            : undefined;
      const res = await call(keys.otherAccount, method, url.replace(":id", String(id)), body);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
      expect(res.json().error.code, route).toBe("NOT_FOUND");
    }
    // A's subscriber is still not blocked by B, A's number still A's.
    expect(
      (
        await ok<{ blocked: boolean }>(
          call(keys.subscribersRead, "GET", `/api/v1/subscribers/${subA!.id}`),
        )
      ).blocked,
    ).toBe(false);
    expect((await call(keys.numbersRead, "GET", `/api/v1/numbers/${numberA.id}`)).statusCode).toBe(
      200,
    );
    const team = await ok<{ users: { id: number }[]; invites: { id: number }[] }>(
      call(keys.usersRead, "GET", "/api/v1/users"),
    );
    expect(team.users.map((u) => u.id)).toContain(agent.id);
    expect(team.invites.map((i) => i.id)).toContain(inviteA);
  });
});
