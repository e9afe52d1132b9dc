import { lineCheckResponse } from "../../../../domain/unhealthy-subscribers.schemas";
import { api } from "../../../lib/api-client";

/** One round of the carrier line-type check (the modal runs rounds until none is left). */
export function lineCheckRound(afterId: number, limit = 100) {
  return api.post(
    "/api/unhealthy-subscribers/line-check",
    { afterId, limit },
    { schema: lineCheckResponse, toast: false },
  );
}
