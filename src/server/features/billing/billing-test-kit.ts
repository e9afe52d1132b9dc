import { addDays } from "date-fns";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import type { TestServer } from "../../test/harness";

/** What the billing tests share: a card as the payment form sends it, an Owner on a trial. */

/** The payment-method body for a card number (the test processor takes Stripe's test cards). */
export function testCard(number: string, clock: { now(): Date }) {
  return {
    number,
    expMonth: 12,
    expYear: clock.now().getUTCFullYear() + 2,
    cvc: "123",
    name: "Joe Baker",
  };
}

/** An account on its 14-day trial with its Owner signed in. */
export async function trialOwner(t: TestServer) {
  const { account, user } = await buildAccountWithUser(t.db, {
    account: { trialEndsAt: addDays(t.ctx.clock.now(), 14) },
  });
  const cookie = await loginAs(t.app, user.username, user.password);
  return { account, user, cookie };
}
