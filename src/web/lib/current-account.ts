import { useQuery } from "@tanstack/react-query";
import { type AccountLite, accountLite } from "../../domain/account.schemas";
import { api } from "./api-client";

/** The signed-in account ("me"): one query key and one call for the shell and every page. */
export const meQueryKey = ["me"] as const;

export function getMe(): Promise<AccountLite> {
  // allow401: an anonymous visitor is an answer here; the guard sends them to login.
  return api.get("/api/account/me", { schema: accountLite, allow401: true });
}

export function useMe(opts: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, retry: false, enabled: opts.enabled });
}

/** For pages: the shell loads "me" before any page renders, so this reads the cache. */
export function useCurrentAccount(): AccountLite | undefined {
  return useMe().data;
}
