/**
 * Standard opt-out / opt-in / help keywords (CTIA and carrier rules). A message counts only when
 * it is the single word, in any case, with surrounding spaces or a trailing punctuation mark.
 */
export const STOP_WORDS = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
] as const;
export const START_WORDS = ["START", "UNSTOP", "YES"] as const;
export const HELP_WORDS = ["HELP", "INFO"] as const;

export type ComplianceKeyword = "stop" | "start" | "help";

export function classifyInbound(body: string): ComplianceKeyword | null {
  const word = body
    .trim()
    .replace(/[.!?]+$/u, "")
    .toUpperCase();
  if ((STOP_WORDS as readonly string[]).includes(word)) return "stop";
  if ((START_WORDS as readonly string[]).includes(word)) return "start";
  if ((HELP_WORDS as readonly string[]).includes(word)) return "help";
  return null;
}

export function stopConfirmation(businessName: string): string {
  return `${businessName}: You have been unsubscribed and will receive no further messages. Reply START to resubscribe.`;
}

export function startConfirmation(businessName: string): string {
  return `${businessName}: You are subscribed again. Msg & data rates may apply. Reply HELP for help, STOP to opt out.`;
}

export function helpReply(businessName: string, contact?: string): string {
  const reach = contact ? ` Contact us at ${contact}.` : "";
  return `${businessName}:${reach} Msg & data rates may apply. Reply STOP to opt out.`;
}
