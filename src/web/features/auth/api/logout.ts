import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { z } from "zod";
import { paths } from "../../../app/paths";
import { setAppLocale } from "../../../i18n";
import { api } from "../../../lib/api-client";
import { closeRealtime } from "../../../lib/realtime";
import { clearSessionState } from "../../../lib/storage";

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      api.post("/api/auth/logout", undefined, {
        allow401: true,
        schema: z.object({ ok: z.literal(true), returnedToParent: z.boolean().optional() }),
      }),
    // Signed out locally even if the server could not be reached.
    onSettled: (data) => {
      // Out of a managed account: the session goes on in the parent account (spec doc 1 §5).
      if (data?.returnedToParent) {
        closeRealtime();
        queryClient.clear();
        navigate("/manage-accounts", { replace: true });
        return;
      }
      clearSessionState();
      closeRealtime();
      queryClient.clear();
      // The login page is English; the next user's own language comes with their session.
      void setAppLocale("en");
      const here = `${window.location.pathname}${window.location.search}`;
      navigate(`${paths.login}?redirectTo=${encodeURIComponent(here)}`, { replace: true });
    },
  });
}
