import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { mailboxResponse } from "../../../../domain/mailbox.schemas";
import { api } from "../../../lib/api-client";

export const mailboxKeys = {
  all: ["mailbox"] as const,
  list: (page: number, pageSize: number) => ["mailbox", "list", page, pageSize] as const,
  mail: (id: number) => ["mailbox", "mail", id] as const,
};

export function listMail(page: number, pageSize: number) {
  return api.get(`/api/mailbox?page=${page}&pageSize=${pageSize}`, { schema: mailboxResponse });
}

/** New mail arrives while the page is open (a reset requested in another tab): poll gently. */
export function useMailbox(page: number, pageSize: number) {
  return useQuery({
    queryKey: mailboxKeys.list(page, pageSize),
    queryFn: () => listMail(page, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
    staleTime: 0,
  });
}
