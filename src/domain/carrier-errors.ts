import { carrierErrorText } from "./reports.schemas";

/**
 * Twilio's delivery error codes as a business reads them: what happened and what to do about it.
 * `permanent`: the number will not take texts however often it is tried (clean it from the
 * list); otherwise a later try may work.
 */
export interface CarrierErrorInfo {
  code: number;
  meaning: string;
  action: string;
  permanent: boolean;
}

const ACTIONS: Record<number, { action: string; permanent: boolean }> = {
  21211: {
    action: "Fix or remove the number: it cannot receive texts as written.",
    permanent: true,
  },
  21408: {
    action: "Contact support to enable texting to this country or region.",
    permanent: false,
  },
  21610: { action: "Nothing: the subscriber opted out and is no longer texted.", permanent: true },
  21612: { action: "Send from a different number, or contact support.", permanent: false },
  21614: {
    action: "Remove the number or reach this person another way: it is not a mobile.",
    permanent: true,
  },
  30001: { action: "Send again later or spread a big send over more time.", permanent: false },
  30002: { action: "Contact support: the sending account needs attention.", permanent: false },
  30003: { action: "Try again later: the phone was off or out of coverage.", permanent: false },
  30004: { action: "Ask the subscriber to unblock your number, or remove them.", permanent: false },
  30005: { action: "Remove the number: it is no longer in service.", permanent: true },
  30006: { action: "Remove the number: landlines cannot receive texts.", permanent: true },
  30007: {
    action:
      "Reword the message (fewer links, no all caps, name your business) and register your brand.",
    permanent: false,
  },
  30008: { action: "Try again later; if it repeats for a number, remove it.", permanent: false },
};

export function carrierErrorInfo(code: number): CarrierErrorInfo {
  const known = ACTIONS[code];
  return {
    code,
    meaning: carrierErrorText(code) ?? "",
    action: known?.action ?? "Look the code up in Twilio's error dictionary, or contact support.",
    permanent: known?.permanent ?? false,
  };
}
