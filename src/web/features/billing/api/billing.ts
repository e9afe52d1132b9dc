import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type AutoTopupInput,
  billingSummary,
  bundleResponse,
  type CANCEL_FLOW_STAGES,
  type CardInput,
  cardSetupResponse,
  invoiceRow,
  paymentConfirmation,
  planResponse,
  portalSession,
  referralRow,
  referralSummary,
} from "../../../../domain/billing.schemas";
import { api } from "../../../lib/api-client";
import { meQueryKey } from "../../../lib/current-account";

const root = ["billing"] as const;

export function useBillingSummary(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...root, "summary"],
    queryFn: () => api.get("/api/billing/summary", { schema: billingSummary }),
    enabled: opts.enabled ?? true,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: [...root, "plans"],
    queryFn: () =>
      api.get("/api/billing/plans", { schema: z.object({ rows: z.array(planResponse) }) }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvoices() {
  return useQuery({
    queryKey: [...root, "invoices"],
    queryFn: () =>
      api.get("/api/billing/invoices", { schema: z.object({ rows: z.array(invoiceRow) }) }),
  });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: [...root, "invoice", id],
    queryFn: () => api.get(`/api/billing/invoices/${id}`, { schema: invoiceRow }),
    enabled: id !== null,
  });
}

/** Every billing change can lift or set the account's forbidden reason: refetch "me" too. */
function useBillingMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: root });
      void client.invalidateQueries({ queryKey: meQueryKey });
      void client.invalidateQueries({ queryKey: ["notifications"] });
    },
  });
}

export const useSaveCard = () =>
  useBillingMutation((card: CardInput) =>
    api.put("/api/billing/payment-method", card, { schema: billingSummary, toast: false }),
  );
/** amountCents: what the confirmation showed; the server charges that or nothing (409). */
export const useUpgrade = () =>
  useBillingMutation(({ planId, amountCents }: { planId: string; amountCents: number }) =>
    api.post(
      "/api/billing/upgrade",
      { planId, amountCents },
      { schema: billingSummary, toast: false },
    ),
  );
export const useReactivate = () =>
  useBillingMutation(({ planId, amountCents }: { planId: string | null; amountCents?: number }) =>
    api.post(
      "/api/billing/reactivate",
      { planId, amountCents },
      { schema: billingSummary, toast: false },
    ),
  );

/** Stripe: a SetupIntent for the Payment Element (a fresh one each time the form opens). */
export const startCardSetup = () =>
  api.post("/api/billing/payment-method/setup", {}, { schema: cardSetupResponse, toast: false });

/** Stripe: the SetupIntent the Payment Element confirmed; the server asks Stripe what it saved. */
export const useCompleteCardSetup = () =>
  useBillingMutation((setupIntentId: string) =>
    api.post(
      "/api/billing/payment-method/setup/complete",
      { setupIntentId },
      { schema: billingSummary, toast: false },
    ),
  );

/** Stripe: what Stripe.js needs to confirm a payment the bank asked the customer to authenticate. */
export const paymentConfirmationOf = (invoiceId: number) =>
  api.post(
    `/api/billing/payments/${invoiceId}/confirmation`,
    {},
    { schema: paymentConfirmation, toast: false },
  );

/** Stripe: after the browser's confirmation the server asks Stripe how the payment stands. */
export const useSyncPayment = () =>
  useBillingMutation((invoiceId: number) =>
    api.post(
      `/api/billing/payments/${invoiceId}/sync`,
      {},
      { schema: billingSummary, toast: false },
    ),
  );

/** Test payments: the customer completes (or fails) the authentication a payment waits for. */
export const useTestAuthentication = () =>
  useBillingMutation(({ invoiceId, complete }: { invoiceId: number; complete: boolean }) =>
    api.post(
      `/api/billing/payments/${invoiceId}/test-authentication`,
      { complete },
      { schema: billingSummary, toast: false },
    ),
  );

/** Stripe: a Customer Portal session to go to. */
export const openBillingPortal = () =>
  api.post("/api/billing/portal", {}, { schema: portalSession, toast: false });
export const useCancel = () =>
  useBillingMutation((reason: string) =>
    api.post("/api/billing/cancel", { reason }, { schema: billingSummary }),
  );
export const usePause = () =>
  useBillingMutation(() =>
    api.post("/api/billing/pause", { confirm: true }, { schema: billingSummary }),
  );
export const useAutoRenew = () =>
  useBillingMutation((on: boolean) =>
    api.put("/api/billing/auto-renew", { on }, { schema: billingSummary }),
  );
/** One monthly keyword pack given back: five keywords fewer, no line on the next plan payment. */
export const useReleaseKeywordPack = () =>
  useBillingMutation(() =>
    api.post(
      "/api/billing/addons/keyword-pack/release",
      {},
      { schema: billingSummary, toast: false },
    ),
  );
export const useSaveAutoTopup = () =>
  useBillingMutation((input: AutoTopupInput) =>
    api.put("/api/billing/auto-topup", input, { schema: billingSummary, toast: false }),
  );

export function useBundles() {
  return useQuery({
    queryKey: [...root, "bundles"],
    queryFn: () =>
      api.get("/api/billing/bundles", { schema: z.object({ rows: z.array(bundleResponse) }) }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useBuyBundle = () =>
  useBillingMutation(({ qty, amountCents }: { qty: number; amountCents: number }) =>
    api.post(
      "/api/billing/bundles/purchase",
      { qty, amountCents },
      {
        schema: z.object({ message: z.string(), summary: billingSummary }),
        toast: false,
      },
    ),
  );

export function useReferrals() {
  return useQuery({
    queryKey: [...root, "referrals"],
    queryFn: () => api.get("/api/billing/referrals", { schema: referralSummary }),
  });
}

export function useReferralList() {
  return useQuery({
    queryKey: [...root, "referrals", "list"],
    queryFn: () =>
      api.get("/api/billing/referrals/list", {
        schema: z.object({ rows: z.array(referralRow) }),
      }),
  });
}

/** The operator's booking page for the cancellation offers' scheduling links (may be unset). */
export function useSchedulingLink() {
  return useQuery({
    queryKey: ["help", "booking"],
    queryFn: () =>
      api.get("/api/help/booking", { schema: z.object({ url: z.string().nullable() }) }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Records a stage of the cancellation flow (analytics); failures stay silent. */
export function recordCancelStage(
  stage: (typeof CANCEL_FLOW_STAGES)[number],
  reason: string | null,
) {
  void api
    .post("/api/billing/cancel-flow", { stage, reason }, { toast: false })
    .catch(() => undefined);
}
