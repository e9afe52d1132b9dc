import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dedicatedNumber } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export function useBuyNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { number: string; name: string; amountCents?: number }) =>
      api.post("/api/dedicated-numbers", input, { schema: dedicatedNumber }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: numbersKeys.all });
      // An extra number is a line of the next invoice (and may be charged now): billing changed.
      void queryClient.invalidateQueries({ queryKey: ["billing"] });
    },
  });
}
