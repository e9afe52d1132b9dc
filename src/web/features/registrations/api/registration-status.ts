import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { type RegistrationStatus, registrationStatus } from "../../../../domain/registrations";
import { api } from "../../../lib/api-client";
import { meQueryKey } from "../../../lib/current-account";

// Under the numbers' key: buying, releasing or submitting a verification refreshes it too.
export const registrationStatusKey = ["dedicated-numbers", "registration-status"] as const;

/**
 * The toll-free banner and review outcomes. While a review is under way it is asked again every
 * few seconds, so an approval lifts the banner without a reload.
 */
export function useRegistrationStatus(enabled = true) {
  return useQuery({
    queryKey: registrationStatusKey,
    enabled,
    queryFn: () => api.get("/api/registrations/status", { schema: registrationStatus }),
    refetchInterval: (q) => {
      const d = q.state.data;
      if (!d) return false;
      const inReview =
        d.tollFreeBanner?.state === "pending" ||
        d.brand.status === "pending" ||
        d.campaign.status === "pending";
      return inReview ? 3000 : 60_000;
    },
  });
}

/**
 * When a review is decided, the screens that show the numbers and the registration refetch, so
 * 'In review' turns into 'Verified' or 'Rejected' where the person is looking.
 */
export function useRefreshOnDecision(data: RegistrationStatus | undefined) {
  const client = useQueryClient();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const signature = JSON.stringify([
      data.brand.status,
      data.campaign.status,
      data.tollFree.map((t) => [t.phoneNumberId, t.status]),
    ]);
    if (last.current !== null && last.current !== signature) {
      void client.invalidateQueries({ queryKey: ["dedicated-numbers", "one"] });
      void client.invalidateQueries({ queryKey: ["dedicated-numbers", "list"] });
      void client.invalidateQueries({ queryKey: ["brand-registration"] });
    }
    last.current = signature;
  }, [data, client]);
}

/** 'Skip for now' in the brand registration modal. */
export function useSkipBrandPrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/registrations/brand-prompt", { status: "skipped" }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}
