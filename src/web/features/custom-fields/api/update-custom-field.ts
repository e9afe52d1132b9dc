import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  customField,
  type updateCustomFieldRequest,
} from "../../../../domain/custom-fields.schemas";
import { api } from "../../../lib/api-client";
import { customFieldsKey } from "./list-custom-fields";

export type UpdateCustomFieldInput = z.input<typeof updateCustomFieldRequest>;

export function updateCustomField(id: number, input: UpdateCustomFieldInput) {
  return api.patch(`/api/custom-fields/${id}`, input, { schema: customField, toast: false });
}

export function useUpdateCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; input: UpdateCustomFieldInput }) =>
      updateCustomField(v.id, v.input),
    onSuccess: () => qc.invalidateQueries({ queryKey: customFieldsKey }),
  });
}
