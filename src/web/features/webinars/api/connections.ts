import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { connectionsResponse } from "../../../../domain/webinar-connections";
import type { WebinarProvider } from "../../../../domain/webinars";
import { api } from "../../../lib/api-client";
import { webinarsKey } from "./webinars";

const connectionsKey = [...webinarsKey, "connections"] as const;

/** This account's Zoom and GoTo connections, and whether the server can connect them. */
export function useConnections() {
  return useQuery({
    queryKey: connectionsKey,
    queryFn: () => api.get("/api/webinars/connections", { schema: connectionsResponse }),
  });
}

/** Where the browser goes to connect a service (the server redirects it to the service). */
export const connectPath = (provider: WebinarProvider) =>
  `/api/webinars/connections/${provider}/start`;

export function useDisconnect() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (provider: WebinarProvider) => api.delete(`/api/webinars/connections/${provider}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: webinarsKey }),
  });
}
