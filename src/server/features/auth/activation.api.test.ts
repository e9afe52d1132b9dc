import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer, nextIp } from "../../test/harness";
import { sendActivationLink } from "./activation.service";

const t = await createTestServer({ env: { PUBLIC_URL: "http://parley.test" } });

async function activationLink(userId: number, businessName: string) {
  await sendActivationLink(t.ctx, userId, businessName);
  const { rows } = await t.db.execute<{ text_body: string }>(
    sql`select text_body from mail_messages where kind = 'activate' order by id desc limit 1`,
  );
  const url = new URL(/http:\/\/parley\.test\/auth\/activate\?\S+/.exec(rows[0]!.text_body)![0]);
  return { email: url.searchParams.get("email")!, token: url.searchParams.get("u")! };
}

const post = (body: unknown) => t.post("/api/auth/activate", body, { remoteAddress: nextIp() });

describe("account activation", () => {
  it("sets the password from the mailed link, once", async () => {
    const { account, user } = await buildAccountWithUser(t.db);
    const link = await activationLink(user.id, account.businessName);
    expect(link.email).toBe(user.email);

    const short = await post({ ...link, password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("Password should have at least 8 characters");
    const otherEmail = await post({
      ...link,
      email: "someone@else.test",
      password: "blue canoe at dawn",
    });
    expect(otherEmail.statusCode).toBe(404);

    const ok = await post({ ...link, password: "blue canoe at dawn" });
    expect(ok.statusCode).toBe(200);
    await loginAs(t.app, user.username, "blue canoe at dawn");
    const again = await post({ ...link, password: "blue canoe at dusk" });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(
      "This activation link has expired or was already used. Please contact support for a new one.",
    );
  });
});
