import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAccountWithUser, buildUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { accounts } from "../account/account.schema";

const t = await createTestServer();
let cookieA: string;
let cookieA2: string;
let cookieB: string;
let accountB: number;

beforeAll(async () => {
  const a = await buildAccountWithUser(t.db);
  const a2 = await buildUser(t.db, { accountId: a.account.id, permissionLevel: 0 });
  const b = await buildAccountWithUser(t.db);
  accountB = b.account.id;
  cookieA = await loginAs(t.app, a.user.username, a.user.password);
  cookieA2 = await loginAs(t.app, a2.username, a2.password);
  cookieB = await loginAs(t.app, b.user.username, b.user.password);
});

describe("signature", () => {
  it("starts empty and off, and is allowed", async () => {
    const res = await t.get("/api/signature", { cookie: cookieA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signature: "", isEnabled: false, isAllowed: true });
  });

  it("saves per user: a colleague and another account keep their own", async () => {
    const put = await t.put(
      "/api/signature",
      { signature: "  – Ann at the front desk ", isEnabled: true },
      { cookie: cookieA },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      signature: "- Ann at the front desk",
      isEnabled: true,
      isAllowed: true,
    });
    expect((await t.get("/api/signature", { cookie: cookieA })).json().signature).toBe(
      "- Ann at the front desk",
    );
    expect((await t.get("/api/signature", { cookie: cookieA2 })).json().signature).toBe("");
    expect((await t.get("/api/signature", { cookie: cookieB })).json().signature).toBe("");
  });

  it("toggles off and on, and never enables an empty signature", async () => {
    const off = await t.put(
      "/api/signature",
      { signature: "- Ann at the front desk", isEnabled: false },
      { cookie: cookieA },
    );
    expect(off.json().isEnabled).toBe(false);
    const empty = await t.put(
      "/api/signature",
      { signature: " ", isEnabled: true },
      { cookie: cookieA },
    );
    expect(empty.json()).toEqual({ signature: "", isEnabled: false, isAllowed: true });
  });

  it("rejects bad input and changes nothing", async () => {
    await t.put("/api/signature", { signature: "Bo", isEnabled: true }, { cookie: cookieA2 });
    const long = await t.put(
      "/api/signature",
      { signature: "x".repeat(101), isEnabled: true },
      { cookie: cookieA2 },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe("Signatures can be at most 100 characters long.");
    const missing = await t.put("/api/signature", { signature: "Hi" }, { cookie: cookieA2 });
    expect(missing.statusCode).toBe(400);
    expect((await t.get("/api/signature", { cookie: cookieA2 })).json()).toEqual({
      signature: "Bo",
      isEnabled: true,
      isAllowed: true,
    });
  });

  it("is not allowed when the account turned message extras off", async () => {
    await t.db
      .update(accounts)
      .set({ disableMessageExtras: true })
      .where(eq(accounts.id, accountB));
    expect((await t.get("/api/signature", { cookie: cookieB })).json()).toEqual({
      signature: "",
      isEnabled: false,
      isAllowed: false,
    });
    const put = await t.put(
      "/api/signature",
      { signature: "Hi", isEnabled: true },
      { cookie: cookieB },
    );
    expect(put.statusCode).toBe(403);
  });

  it("needs a session", async () => {
    expect((await t.get("/api/signature")).statusCode).toBe(401);
    expect((await t.put("/api/signature", { signature: "x", isEnabled: true })).statusCode).toBe(
      401,
    );
  });
});
