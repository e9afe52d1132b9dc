import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dedicatedNumber } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export function useBuyNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { number: string; name: string }) =>
      api.post("/api/dedicated-numbers", input, { schema: dedicatedNumber }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numbersKeys.all }),
  });
}
