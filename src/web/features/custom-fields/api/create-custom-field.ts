import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type createCustomFieldRequest,
  customField,
} from "../../../../domain/custom-fields.schemas";
import { api } from "../../../lib/api-client";
import { customFieldsKey } from "./list-custom-fields";

export type CreateCustomFieldInput = z.input<typeof createCustomFieldRequest>;

export function createCustomField(input: CreateCustomFieldInput) {
  // The form shows the error next to the field it concerns, so no toast here.
  return api.post("/api/custom-fields", input, { schema: customField, toast: false });
}

export function useCreateCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCustomField,
    onSuccess: () => qc.invalidateQueries({ queryKey: customFieldsKey }),
  });
}
