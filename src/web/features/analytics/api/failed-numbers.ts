import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  failedNumbersCleanUpResult,
  failedNumbersRetryResult,
  failedNumbersSummary,
} from "../../../../domain/failed-numbers.schemas";
import { api } from "../../../lib/api-client";
import type { ReportFilter } from "../../growth-reports/api/reports";

/** Who is behind one carrier error code in the page's days (what the confirm dialog shows). */
export function useFailedNumbers(f: ReportFilter, code: number | null) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined) qs.set(k, String(v));
  if (code !== null) qs.set("code", String(code));
  return useQuery({
    queryKey: ["analytics", "failed-numbers", f, code],
    queryFn: () =>
      api.get(`/api/analytics/failures/numbers?${qs}`, { schema: failedNumbersSummary }),
    enabled: code !== null,
    // Counts change with every clean-up and send: always ask afresh when the dialog opens.
    staleTime: 0,
  });
}

/** A new send of the missed text to those behind the code who may still be texted. */
export function useRetryFailedNumbers() {
  const qc = useQueryClient();
  return useMutation({
    // The dialog shows quiet-hours and other refusals itself, with a way on.
    mutationFn: (body: ReportFilter & { code: number; sendAnyway?: boolean }) =>
      api.post("/api/analytics/failures/retry", body, {
        schema: failedNumbersRetryResult,
        toast: false,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["analytics"] });
      void qc.invalidateQueries({ queryKey: ["sent-messages"] });
    },
  });
}

/** Opts out or deletes the numbers behind the code that are failing now (unhealthy). */
export function useCleanFailedNumbers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportFilter & { code: number; action: "opt_out" | "delete" }) =>
      api.post("/api/analytics/failures/clean-up", body, {
        schema: failedNumbersCleanUpResult,
        toast: false,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["analytics"] });
      void qc.invalidateQueries({ queryKey: ["unhealthy-subscribers"] });
      void qc.invalidateQueries({ queryKey: ["subscribers"] });
    },
  });
}
