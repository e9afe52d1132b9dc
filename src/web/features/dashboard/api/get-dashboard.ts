import { useQuery } from "@tanstack/react-query";
import { dashboardResponse } from "../../../../domain/reports.schemas";
import { api } from "../../../lib/api-client";

export const dashboardKey = ["dashboard"] as const;

export function getDashboard() {
  return api.get("/api/dashboard", { schema: dashboardResponse });
}

/** The dashboard's figures: fresh on every visit, and every 5 s while a recent send goes out. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: getDashboard,
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data?.recentRuns.some((r) => r.state === "sending" || r.counts.sending > 0)
        ? 5000
        : false,
  });
}
