/** The spec's mobile breakpoint: below 1024 px the sidebar collapses and modals become sheets. */
export const MOBILE_BREAKPOINT_PX = 1024;
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function isMobileWidth(): boolean {
  return typeof window !== "undefined" && window.matchMedia(MOBILE_QUERY).matches;
}
