import { useQuery } from "@tanstack/react-query";
import { type AccountLite, accountLite } from "../../../../domain/account.schemas";
import { api } from "../../../lib/api-client";

/**
 * Who is signed in (time zone, restricted user). Same key and call as the shell's, so the cached
 * answer is shared and nothing is fetched twice.
 */
export function useAccount() {
  return useQuery({
    queryKey: ["me"],
    queryFn: (): Promise<AccountLite> =>
      api.get("/api/account/me", { schema: accountLite, allow401: true }),
    retry: false,
  });
}
