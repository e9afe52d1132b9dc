import { useMutation, useQueryClient } from "@tanstack/react-query";
import { bulkResponse, type SubscriberSelection } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { invalidateSubscribers } from "./invalidate";

/** The API's selection: picked ids, or all matching a filter minus the rows unticked. */
export type SelectionBody = SubscriberSelection | Record<string, unknown>;

export type BulkAction =
  | { kind: "delete"; selection: SelectionBody }
  | { kind: "add-to-group" | "remove-from-group"; selection: SelectionBody; groupId: number };

/** Bulk delete, add to group and remove from group on a selection. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkAction) => {
      const body =
        action.kind === "delete"
          ? { selection: action.selection }
          : { selection: action.selection, groupId: action.groupId };
      return api.post(`/api/subscribers/bulk/${action.kind}`, body, { schema: bulkResponse });
    },
    onSuccess: () => invalidateSubscribers(client),
  });
}
