import { useCallback } from "react";
import { useSearchParams } from "react-router";

const PARAM = "subscriber";

/** The subscriber whose panel is open, in the address beside the list's own view. */
export function useOpenSubscriber() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(PARAM));
  const subscriberId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const update = useCallback(
    (id: number | null, push: boolean) => {
      // From the address bar, not the hook's copy, which may lag a navigation in a transition.
      const next = new URLSearchParams(window.location.search);
      if (id === null) next.delete(PARAM);
      else next.set(PARAM, String(id));
      setParams(next, { replace: !push });
    },
    [setParams],
  );
  return {
    subscriberId,
    /** Opening a subscriber adds a history entry, so Back closes the panel. */
    openSubscriber: useCallback((id: number) => update(id, true), [update]),
    closeSubscriber: useCallback(() => update(null, false), [update]),
  };
}
