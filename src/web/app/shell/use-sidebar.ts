import { useLocalStorage, useMediaQuery } from "@mantine/hooks";
import { MOBILE_QUERY } from "../../lib/media";
import { LOCAL_KEYS } from "../../lib/storage";

/** Expanded by default on desktop, remembered in local storage, always collapsed below 1024 px. */
export function useSidebar() {
  const [stored, setStored] = useLocalStorage<"expanded" | "collapsed">({
    key: LOCAL_KEYS.sidebar,
    defaultValue: "expanded",
    getInitialValueInEffect: false,
    serialize: (v) => v,
    deserialize: (v) => (v === "collapsed" ? "collapsed" : "expanded"),
  });
  const mobile =
    useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  return {
    mobile,
    collapsed: mobile || stored === "collapsed",
    toggle: () => setStored(stored === "collapsed" ? "expanded" : "collapsed"),
  };
}
