import { useQuery } from "@tanstack/react-query";
import { type AccountLite, accountLite } from "../../domain/account.schemas";
import { api } from "./api-client";

/**
 * The signed-in account for pages (owner-only actions, carrier mode). It reads the same cache
 * entry as the shell's "me" query (features/auth/api/get-me.ts), which is loaded before any page
 * renders, so this never fetches on its own in practice.
 */
export function useCurrentAccount(): AccountLite | undefined {
  const me = useQuery({
    queryKey: ["me"],
    queryFn: () => api.get("/api/account/me", { schema: accountLite, allow401: true }),
    retry: false,
  });
  return me.data;
}
