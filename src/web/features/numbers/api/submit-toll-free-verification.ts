import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  dedicatedNumber,
  type tollFreeVerificationRequest,
} from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export type TollFreeVerification = z.infer<typeof tollFreeVerificationRequest>;

export function useSubmitTollFreeVerification(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: TollFreeVerification) =>
      api.post(`/api/dedicated-numbers/${id}/toll-free-verification`, form, {
        schema: dedicatedNumber,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numbersKeys.all }),
  });
}
