import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SubscriberImport, subscriberImport } from "../../../../domain/imports.schemas";
import { api } from "../../../lib/api-client";
import { importsKey } from "./list-imports";

/** Sends the file (multipart, field "file"); the server keeps it as an import awaiting its mapping. */
export function uploadImport(file: File): Promise<SubscriberImport> {
  const form = new FormData();
  form.append("file", file, file.name);
  // The step shows the error where the file was dropped; no toast on top of it.
  return api.upload("/api/subscribers/imports", form, { schema: subscriberImport, toast: false });
}

export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: () => qc.invalidateQueries({ queryKey: importsKey }),
  });
}
