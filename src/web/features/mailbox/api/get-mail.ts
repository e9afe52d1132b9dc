import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { mailDetail } from "../../../../domain/mailbox.schemas";
import { api } from "../../../lib/api-client";
import { mailboxKeys } from "./list-mail";

export function getMail(id: number) {
  return api.get(`/api/mailbox/${id}`, { schema: mailDetail });
}

/** Opening a mail marks it read on the server, so the list's unread marks are refreshed. */
export function useMail(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: mailboxKeys.mail(id ?? 0),
    queryFn: () => getMail(id!),
    enabled: id !== null,
    retry: false,
  });
  const opened = query.isSuccess;
  useEffect(() => {
    if (opened) void queryClient.invalidateQueries({ queryKey: ["mailbox", "list"] });
  }, [opened, queryClient]);
  return query;
}
