import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { tourState } from "../../../../domain/registrations";
import { api } from "../../../lib/api-client";

export const tourKey = ["tour"] as const;

export function useTour(enabled = true) {
  return useQuery({
    queryKey: tourKey,
    enabled,
    queryFn: () => api.get("/api/tour", { schema: tourState }),
  });
}

export function useMoveTour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: "advance" | "skip" | "finish" | "restart") =>
      api.put("/api/tour", { action }, { schema: tourState }),
    onSuccess: (data) => client.setQueryData(tourKey, data),
  });
}
