import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  brandRegistration,
  type brandRequest,
  type campaignRequest,
} from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export type BrandForm = z.input<typeof brandRequest>;
export type CampaignForm = z.input<typeof campaignRequest>;

function useRegistrationWrite<T>(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => api.put(url, input, { schema: brandRegistration }),
    onSuccess: (data) => {
      queryClient.setQueryData(numbersKeys.registration, data);
      // The account's brandRegistrationStatus changed too (the shell's prompts read it).
      void queryClient.invalidateQueries({ queryKey: ["me"] });
    },
  });
}

export const useSubmitBrand = () =>
  useRegistrationWrite<BrandForm>("/api/brand-registration/brand");
export const useSubmitCampaign = () =>
  useRegistrationWrite<CampaignForm>("/api/brand-registration/campaign");
