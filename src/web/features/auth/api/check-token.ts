import { useQuery } from "@tanstack/react-query";
import { checkTokenResponse } from "../../../../domain/auth.schemas";
import { api } from "../../../lib/api-client";

/** checkToken of spec doc 1 §4, run every 5 minutes by the shell. */
export const TOKEN_CHECK_INTERVAL_MS = 5 * 60 * 1000;

export function checkToken() {
  return api.get("/api/auth/check", { schema: checkTokenResponse });
}

/** Whether a session exists, without the 401 that asking for the account would log. */
export function useSession() {
  return useQuery({ queryKey: ["session"], queryFn: checkToken, staleTime: 0 });
}
