import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type SubscriberImport,
  type startImportRequest,
  subscriberImport,
} from "../../../../domain/imports.schemas";
import { api } from "../../../lib/api-client";
import { importKey } from "./get-import";
import { importsKey } from "./list-imports";

export type StartImportInput = z.input<typeof startImportRequest>;

export function startImport(id: number, body: StartImportInput): Promise<SubscriberImport> {
  return api.post(`/api/subscribers/imports/${id}/start`, body, { schema: subscriberImport });
}

export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: StartImportInput }) => startImport(v.id, v.body),
    onSuccess: (row) => {
      qc.setQueryData(importKey(row.id), row);
      void qc.invalidateQueries({ queryKey: importsKey });
    },
  });
}
