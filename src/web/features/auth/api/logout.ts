import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "../../../app/paths";
import { api } from "../../../lib/api-client";
import { closeRealtime } from "../../../lib/realtime";
import { clearSessionState } from "../../../lib/storage";

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post("/api/auth/logout", undefined, { allow401: true }),
    // Signed out locally even if the server could not be reached.
    onSettled: () => {
      clearSessionState();
      closeRealtime();
      queryClient.clear();
      const here = `${window.location.pathname}${window.location.search}`;
      navigate(`${paths.login}?redirectTo=${encodeURIComponent(here)}`, { replace: true });
    },
  });
}
