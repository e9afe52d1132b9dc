import { useQuery } from "@tanstack/react-query";
import { ssoSignupResponse } from "../../../../domain/webinar-connections";
import { api } from "../../../lib/api-client";

/**
 * The name and e-mail a sign-up through Zoom or GoTo brought (kept by the server under a
 * cookie of this browser, never in the address).
 */
export function useSsoSignup(enabled: boolean) {
  return useQuery({
    queryKey: ["auth", "sso-signup"],
    queryFn: () => api.get("/api/auth/sso/signup", { schema: ssoSignupResponse, toast: false }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
