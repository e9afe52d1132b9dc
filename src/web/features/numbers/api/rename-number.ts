import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dedicatedNumber } from "../../../../domain/numbers.schemas";
import { api } from "../../../lib/api-client";
import { numbersKeys } from "./keys";

export function useRenameNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) =>
      api.patch(
        `/api/dedicated-numbers/${input.id}`,
        { name: input.name },
        { schema: dedicatedNumber },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: numbersKeys.all }),
  });
}
