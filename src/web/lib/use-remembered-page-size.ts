import { useState } from "react";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./use-page-size";

const PREFIX = "parley.page-size.";

/**
 * The page size of a list that has no display-quantity key of its own (import and export
 * history, unhealthy subscribers): 10, 25, 50 or 100, default 25, remembered in this browser.
 */
export function useRememberedPageSize(list: string): [number, (size: number) => void] {
  const [size, setSize] = useState<number>(() => {
    const n = Number(localStorage.getItem(PREFIX + list));
    return PAGE_SIZES.includes(n) ? n : DEFAULT_PAGE_SIZE;
  });
  const change = (next: number) => {
    setSize(next);
    localStorage.setItem(PREFIX + list, String(next));
  };
  return [size, change];
}
