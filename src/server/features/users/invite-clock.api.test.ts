import { describe, expect, it } from "vitest";
import { INVITE_DAYS } from "../../../domain/users.schemas";
import { TestClock } from "../../clock";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";

const DAY_MS = 86_400_000;
// Near the real time: sessions and tokens are also checked against the database's now().
const start = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = new TestClock(start);
const t = await createTestServer({ clock, env: { PUBLIC_URL: "http://parley.test" } });
const { user: owner } = await buildAccountWithUser(t.db, { user: { permissionLevel: 3 } });
const cookie = await loginAs(t.app, owner.username, owner.password);

describe("the injected clock", () => {
  it("is the context's clock", () => {
    expect(t.ctx.clock).toBe(clock);
  });

  it("stamps an invitation's expiry and decides when it has expired", async () => {
    const email = "clock-invite@example.test";
    const sent = await t.post(
      "/api/users/invites",
      { email, permissionLevel: 2, groupIds: [], longcodeIds: [], disableMassMessaging: false },
      { cookie },
    );
    expect(sent.statusCode).toBe(201);
    const invite = sent.json();
    expect(invite.expiresAt).toBe(new Date(start.getTime() + INVITE_DAYS * DAY_MS).toISOString());
    expect(invite.expired).toBe(false);

    // A minute past its last day: the list says so without anyone waiting a week.
    clock.advance(INVITE_DAYS * DAY_MS + 60_000);
    const listed = (await t.get("/api/users", { cookie })).json();
    const row = listed.invites.find((i: { id: number }) => i.id === invite.id);
    expect(row.expired).toBe(true);

    // Sent again, it runs for another week from the clock's new time.
    const resent = await t.post(`/api/users/invites/${invite.id}/resend`, undefined, { cookie });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().expiresAt).toBe(
      new Date(clock.now().getTime() + INVITE_DAYS * DAY_MS).toISOString(),
    );
    expect(resent.json().expired).toBe(false);
  });
});
