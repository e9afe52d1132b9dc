import { useQuery } from "@tanstack/react-query";
import { ssoServicesResponse } from "../../../../domain/webinar-connections";
import { api } from "../../../lib/api-client";

/** Which webinar services offer 'Sign Up with …' on this server. */
export function useSsoServices() {
  return useQuery({
    queryKey: ["auth", "sso-services"],
    queryFn: () => api.get("/api/auth/sso", { schema: ssoServicesResponse, toast: false }),
  });
}

/** Where 'Sign Up with Zoom' / 'GoTo' sends the browser (the server redirects to the service). */
export const ssoStartPath = (service: "zoom" | "goto") => `/api/auth/sso/${service}/start`;
