import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { DISPLAY_QUANTITY_KEYS } from "../../domain/settings";
import { api } from "./api-client";
import { DISPLAY_QUANTITY_PREFIX } from "./storage";

/** Table page sizes of spec doc 2 §9: 10, 25, 50, 100, default 25. */
export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

/** Lists whose page size the account keeps: its display-quantity keys (doc 1 §3). */
export type DisplayQuantityKey = (typeof DISPLAY_QUANTITY_KEYS)[number];
/** Other lists (import history, …) are remembered in this browser session only. */
export type PageSizeKey = DisplayQuantityKey | `local:${string}`;

type Quantities = Partial<Record<DisplayQuantityKey, number>>;
const SETTING_URL = "/api/account/settings/display_quantities";
const quantitiesKey = ["account-setting", "display_quantities"] as const;

function fromSession(key: PageSizeKey): number | undefined {
  const raw = sessionStorage.getItem(DISPLAY_QUANTITY_PREFIX + key);
  const n = raw ? Number(raw) : Number.NaN;
  return PAGE_SIZES.includes(n) ? n : undefined;
}

/**
 * The page size of one list: the last choice in this browser session, else the account's saved
 * display quantity, else 25. A change is kept in session storage and saved to the account
 * (for the lists that have a display-quantity key).
 */
export function usePageSize(key: PageSizeKey): [number, (size: number) => void] {
  const accountKept = !key.startsWith("local:");
  const saved = useQuery({
    queryKey: quantitiesKey,
    queryFn: () => api.get<{ value: Quantities }>(SETTING_URL).then((r) => r.value),
    enabled: accountKept,
  });
  const [chosen, setChosen] = useState<number | undefined>(() => fromSession(key));
  const fromAccount = accountKept ? saved.data?.[key as DisplayQuantityKey] : undefined;
  const size =
    chosen ?? (fromAccount && PAGE_SIZES.includes(fromAccount) ? fromAccount : DEFAULT_PAGE_SIZE);

  const change = (next: number) => {
    setChosen(next);
    sessionStorage.setItem(DISPLAY_QUANTITY_PREFIX + key, String(next));
    if (!accountKept) return;
    const merged = { ...saved.data, [key]: next };
    // Saving the preference is best-effort: the list already uses the new size.
    void api.put(SETTING_URL, { val: merged }, { toast: false }).catch(() => {});
  };
  return [size, change];
}
