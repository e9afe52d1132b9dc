import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { customFieldsKey } from "./list-custom-fields";

/** Deletes a field and every value stored in it; refused (409, toasted) while a group rule uses it. */
export function deleteCustomField(id: number) {
  return api.delete<void>(`/api/custom-fields/${id}`);
}

export function useDeleteCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomField,
    onSuccess: () => qc.invalidateQueries({ queryKey: customFieldsKey }),
  });
}
