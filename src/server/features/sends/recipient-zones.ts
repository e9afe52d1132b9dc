import { createRequire } from "node:module";

/**
 * Time zone of a North American area code, for quiet hours in the recipient's own time (spec doc 2
 * §4): phone-number-to-timezone knows each area code's UTC offset and whether it keeps daylight
 * saving; those pairs name one IANA zone each. Unknown codes fall back to the account's zone.
 */
const require = createRequire(import.meta.url);
const { getLocalInfo } = require("phone-number-to-timezone") as {
  getLocalInfo(code: string): { offset?: number; dst?: boolean } | undefined;
};

const ZONE_BY_OFFSET: Record<string, string> = {
  "-3.5:true": "America/St_Johns",
  "-4:true": "America/Halifax",
  "-4:false": "America/Puerto_Rico",
  "-5:true": "America/New_York",
  "-5:false": "America/Cayman",
  "-6:true": "America/Chicago",
  "-6:false": "America/Regina",
  "-7:true": "America/Denver",
  "-7:false": "America/Phoenix",
  "-8:true": "America/Los_Angeles",
  "-9:true": "America/Anchorage",
  "-10:false": "Pacific/Honolulu",
  "-10:true": "Pacific/Honolulu",
  "-11:false": "Pacific/Pago_Pago",
  "10:false": "Pacific/Guam",
};

let cache: Map<string, string> | undefined;

/** Every three-digit area code with a known zone (computed once). */
export function areaCodeZones(): Map<string, string> {
  if (cache) return cache;
  cache = new Map();
  for (let code = 200; code <= 999; code++) {
    let info: { offset?: number; dst?: boolean } | undefined;
    try {
      info = getLocalInfo(String(code));
    } catch {
      info = undefined;
    }
    if (typeof info?.offset !== "number") continue;
    const zone = ZONE_BY_OFFSET[`${info.offset}:${Boolean(info.dst)}`];
    if (zone) cache.set(String(code), zone);
  }
  return cache;
}
