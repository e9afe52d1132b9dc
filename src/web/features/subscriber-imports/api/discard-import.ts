import { api } from "../../../lib/api-client";

/** Forgets an upload that was never started (another file was chosen, or the flow was left). */
export function discardImport(id: number): Promise<void> {
  return api.delete(`/api/subscribers/imports/${id}`, { toast: false });
}
