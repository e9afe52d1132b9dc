import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { INTERNATIONAL_PACK } from "../../../../domain/billing";
import { phoneAlertSettings } from "../../../../domain/phone-alerts";
import { api } from "../../../lib/api-client";
import { meQueryKey } from "../../../lib/current-account";

const alertsKey = ["phone-alerts"] as const;
export const creditsKey = ["credits"] as const;

export function usePhoneAlerts() {
  return useQuery({
    queryKey: alertsKey,
    queryFn: () => api.get("/api/addons/phone-alerts", { schema: phoneAlertSettings }),
  });
}

export function useSavePhoneAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      enabled: boolean;
      phone: string;
      quietStart: string | null;
      quietEnd: string | null;
    }) => api.put("/api/addons/phone-alerts", body, { schema: phoneAlertSettings }),
    onSuccess: (data) => {
      client.setQueryData(alertsKey, data);
      void client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

const credits = z.object({
  balance: z.number(),
  internationalBalance: z.number(),
  allowance: z.number(),
  used: z.number(),
  autoTopUp: z.boolean(),
});

export function useCredits() {
  return useQuery({
    queryKey: creditsKey,
    queryFn: () => api.get("/api/credits", { schema: credits }),
  });
}

/** '$20 of international credits' (doc 2 §8), paid with the card on file. */
export function useBuyInternational() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(
        "/api/credits/purchase",
        { qty: INTERNATIONAL_PACK.qty, type: "international" },
        { schema: credits.extend({ message: z.string() }) },
      ),
    onSuccess: (data) => {
      client.setQueryData(creditsKey, data);
    },
  });
}
