import type { MessageClass } from "./outbound-policy";

/**
 * 'Pause all sending' (Settings): while it is on, every marketing text of the account waits
 * (held, not failed, its deadline not running) and goes once it is turned off. Transactional
 * texts (STOP/HELP answers, sign-in codes, one-to-one replies) still go: the law and the people
 * who asked need them.
 */
export function heldByPause(messageClass: MessageClass, paused: boolean): boolean {
  return paused && messageClass === "marketing";
}

/**
 * Where a text held by the pause waits: no date comes by itself, so nothing but turning the switch
 * off (which releases exactly these) sends it, and its deadline does not run meanwhile.
 */
export const PAUSE_HOLD_UNTIL = new Date("9999-12-31T00:00:00Z");

export const PAUSE_TEXT = {
  label: "Pause all sending",
  description:
    "Campaigns and other marketing texts wait, held, until this is off; they go out when you turn it off. Answers to STOP and HELP, sign-in codes and one-to-one replies still go.",
} as const;
