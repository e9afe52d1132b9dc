import { addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import { PLAN_FEATURES, planById } from "../../domain/billing";
import type { Executor } from "../db/connection";
import { accounts } from "../features/account/account.schema";
import { billingSubscriptions, paymentMethods } from "../features/billing/billing.schema";
import { accountSettings } from "../features/settings/settings.schema";

/**
 * The demo business is on the Growth plan with the built-in test processor's Visa 4242 on file,
 * so credit purchases and renewals are really charged (to the test processor).
 */
export async function seedDemoBilling(tx: Executor, accountId: number, now: Date) {
  await tx.insert(billingSubscriptions).values({
    accountId,
    planId: "growth",
    status: "active",
    periodStart: now,
    periodEnd: addMonths(now, 1),
  });
  await tx.insert(paymentMethods).values({
    accountId,
    processor: "test",
    customerRef: `cus_test_${accountId}`,
    methodRef: "pm_test_ok_demo",
    brand: "Visa",
    last4: "4242",
    expMonth: 12,
    expYear: now.getUTCFullYear() + 3,
  });
  await tx.update(accounts).set({ subscriptionType: "growth" }).where(eq(accounts.id, accountId));
  // The plan's features, as an upgrade to it sets them (advanced reporting with Growth).
  const growth = planById("growth")!;
  await tx
    .insert(accountSettings)
    .values(
      PLAN_FEATURES.map((name) => ({ accountId, name, value: growth.features.includes(name) })),
    );
}
