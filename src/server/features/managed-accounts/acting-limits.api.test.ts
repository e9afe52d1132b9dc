import { describe, expect, it } from "vitest";
import { MANAGED_TEXT } from "../../../domain/managed-accounts";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

/**
 * A parent acting in a child account (the session's "Open", or its key with Parley-Account) runs
 * the child as its owner would, but leaves nothing behind that outlives leaving (no API key, no
 * app's grant) and never takes over the child's people's sign-in (e-mail, username, phone, 2FA,
 * the mailbox where reset links arrive). What it does is in the child's audit under the parent.
 */
const t = await createTestServer();
const parent = await buildAccountWithUser(t.db, { account: { businessName: "Agency" } });
const cookie = await loginAs(t.app, parent.user.username, parent.user.password);

const created = await t.post(
  "/api/managed-accounts",
  { businessName: "Corner Bakery", email: "owner@corner-bakery.test", firstName: "Cora" },
  { cookie },
);
const childId: number = created.json().id;
// The parent's own key for the public API (made in its own account, not while acting).
const parentKey: string = (
  await t.post(
    "/api/api-keys",
    { name: "agency", scopes: ["accounts:write", "users:write"] },
    { cookie },
  )
).json().key;

function refused(res: { statusCode: number; json: () => { error: { message: string } } }) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error.message).toBe(MANAGED_TEXT.notWhileActing);
}

describe("acting in a managed account leaves no lasting access", () => {
  it("refuses keys, app approvals, the owner's sign-in details, 2FA and mailbox; audits the rest under the parent", async () => {
    expect(
      (await t.post(`/api/managed-accounts/${childId}/access`, undefined, { cookie })).statusCode,
    ).toBe(200);

    // No API key in the child (it would stay after leaving, credited to the child's owner).
    refused(
      await t.post("/api/api-keys", { name: "backdoor", scopes: ["subscribers:read"] }, { cookie }),
    );
    // No MCP app approved in the child's name.
    const reg = (
      await t.post(
        "/oauth/register",
        { client_name: "X", redirect_uris: ["http://127.0.0.1:33418/cb"] },
        { csrf: false },
      )
    ).json();
    refused(
      await t.post(
        "/api/oauth/authorize",
        {
          clientId: reg.client_id,
          redirectUri: "http://127.0.0.1:33418/cb",
          codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          codeChallengeMethod: "S256",
          state: "s",
          scope: "subscribers:read",
          resource: "",
          approve: true,
          scopes: ["subscribers:read"],
        },
        { cookie },
      ),
    );

    // The child owner's e-mail, username and phone stay theirs; other details may change.
    const users = (await t.get("/api/users", { cookie })).json().users;
    const owner = users.find((u: { email: string }) => u.email === "owner@corner-bakery.test");
    const body = {
      email: owner.email,
      username: owner.username,
      firstName: owner.firstName,
      lastName: owner.lastName,
      permissionLevel: owner.permissionLevel,
      groupIds: owner.groupIds,
      longcodeIds: owner.longcodeIds,
      disableMassMessaging: owner.disableMassMessaging,
      restricted: owner.restricted,
    };
    refused(
      await t.put(`/api/users/${owner.id}`, { ...body, email: "me@agency.test" }, { cookie }),
    );
    refused(await t.put(`/api/users/${owner.id}`, { ...body, username: "agency" }, { cookie }));
    refused(await t.put(`/api/users/${owner.id}`, { ...body, number: "+13105550123" }, { cookie }));
    const renamed = await t.put(
      `/api/users/${owner.id}`,
      { ...body, lastName: "Baker" },
      { cookie },
    );
    expect(renamed.statusCode).toBe(200);

    // No two-factor set up or removed on the owner's login, no phone set on it.
    refused(await t.post("/api/auth/two-factor/app", undefined, { cookie }));
    refused(await t.post("/api/auth/two-factor/sms", { phone: "+13105550123" }, { cookie }));
    refused(await t.post("/api/auth/two-factor/disable", { password: "x" }, { cookie }));
    refused(
      await t.post("/api/auth/phone-verification/send", { phone: "+13105550123" }, { cookie }),
    );
    // The owner's mailbox (where their reset links arrive) is theirs.
    refused(await t.get("/api/mailbox?page=1&pageSize=25", { cookie }));

    // The same through the parent's key acting with Parley-Account.
    const asKey = await t.request({
      method: "PUT",
      url: `/api/v1/users/${owner.id}`,
      body: { ...body, email: "me@agency.test" },
      csrf: false,
      headers: { authorization: `Bearer ${parentKey}`, "parley-account": String(childId) },
    });
    refused(asKey);

    const { rows } = await t.db.$client.query(
      "select email, username, phone, two_factor_method from users where id = $1",
      [owner.id],
    );
    expect(rows[0]).toMatchObject({
      email: "owner@corner-bakery.test",
      username: owner.username,
      phone: null,
      two_factor_method: null,
    });
    const keys = await t.db.$client.query("select 1 from api_keys where account_id = $1", [
      childId,
    ]);
    expect(keys.rows).toEqual([]);

    // What was done is the parent's doing in the child's audit.
    const audit = await t.db.$client.query(
      "select actor_user_id, actor_account_id from account_audit where account_id = $1 and action = 'PUT /api/users/:id'",
      [childId],
    );
    expect(audit.rows).toEqual([
      { actor_user_id: parent.user.id, actor_account_id: parent.account.id },
    ]);

    // Back in its own account the parent makes keys as before.
    await t.post("/api/auth/logout", undefined, { cookie });
    const own = await t.post(
      "/api/api-keys",
      { name: "own", scopes: ["subscribers:read"] },
      { cookie },
    );
    expect(own.statusCode).toBe(201);
  });
});
