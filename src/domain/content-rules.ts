import { linkTokenIds } from "./links";
import { TEMPLATE_TEXTS } from "./templates";
import { normaliseText } from "./text-normalise";

/**
 * What a text written by a person (a campaign, a test send, an inbox reply, an API send) may
 * contain, given the number it goes from and the account's own switches. The composer greys out
 * what these forbid; the server asks this rule for every such send, so the API cannot do what
 * the screen says is not allowed.
 */

export const CONTENT_RULE_TEXT = {
  /** The body of the composer's 'Unable To Send' dialog (doc 2 §6: unvalidated accounts). */
  noUrlAllowed:
    "Your account has not been validated yet, so messages cannot include links. Remove the link and send again, or contact us to validate your account.",
  oneLink: "You can only send 1 link per message",
  unverifiedTollFree:
    "Until your toll-free number is verified, messages from it can only be the pre-approved templates. Register your number to send other messages.",
  templatesOnly:
    "Your account sends only saved templates ('Templates only' in Settings). Choose a template and send it as it is.",
  /** The composer's link button, greyed out on such a number (the same rule as noUrlAllowed). */
  linksNeedRegistration:
    "Links are disabled from this number until your 10DLC brand and campaign are approved.",
  /** The composer's message box under 'Templates only'. */
  templatesOnlyComposer:
    "'Templates only' is on in Settings: choose a template, it is sent as it is.",
} as const;

/** The reason the composer reads to open 'Unable To Send' (doc 2 §9: MTANoUrlAllowedError). */
export const NO_URL_ALLOWED_REASON = "MTANoUrlAllowedError";

export interface ContentFacts {
  /** The sending number: toll-free or a local long code, and its registration. */
  number: { tollFree: boolean; verified: boolean };
  /** The account's 10DLC brand and campaign are both approved. */
  tenDlcRegistered: boolean;
  /** The account's 'Templates only' switch. */
  templatesOnly: boolean;
  /** The text as the person wrote it (before header, signature and footer). */
  text: string;
  /**
   * The template the text came from, if any: one of the account's (or its family's) or one of the
   * pre-approved list (`preApproved`); `requiresLink` is its 'Require a link' box.
   */
  template: { message: string; preApproved: boolean; requiresLink?: boolean } | null;
}

export type ContentVerdict =
  | { ok: true }
  | { ok: false; reason: string; message: string; field: "message" };

// A web address a carrier's filter sees as one: a scheme, or www., or a bare domain with a path.
const URL_RE = /\b(?:https?:\/\/|www\.)\S+/i;

/** Whether the text carries a link: a tracked-link token or a written web address. */
export function hasLink(text: string): boolean {
  return linkTokenIds(text).length > 0 || URL_RE.test(text);
}

/**
 * Whether a text from this number may carry a link: toll-free numbers may (their own rule is
 * the template list), a local long code only once the account's 10DLC brand and campaign are
 * approved. The composer asks it to grey out the link button; checkContent asks it to refuse.
 */
export function linksAllowedFrom(
  number: { tollFree: boolean },
  tenDlcRegistered: boolean,
): boolean {
  return number.tollFree || tenDlcRegistered;
}

/** Text compared as the person sees it: normalised characters, runs of space as one, trimmed. */
function same(a: string, b: string): boolean {
  const flat = (s: string) => normaliseText(s).replace(/\s+/g, " ").trim();
  return flat(a) === flat(b);
}

function refuse(reason: string, message: string): ContentVerdict {
  return { ok: false, reason, message, field: "message" };
}

/** The one rule: may this text go from this number now? */
export function checkContent(f: ContentFacts): ContentVerdict {
  const fromTemplate = f.template !== null && same(f.text, f.template.message);
  if (f.number.tollFree && !f.number.verified) {
    // Carriers accept only the pre-approved wording from an unverified toll-free number.
    if (!fromTemplate || !f.template?.preApproved)
      return refuse("unverified_toll_free", CONTENT_RULE_TEXT.unverifiedTollFree);
  }
  if (f.templatesOnly && !fromTemplate)
    return refuse("templates_only", CONTENT_RULE_TEXT.templatesOnly);
  if (linkTokenIds(f.text).length > 1) return refuse("one_link", CONTENT_RULE_TEXT.oneLink);
  // 'Require a link': a text from such a template goes only with a tracked link in it.
  if (f.template?.requiresLink && linkTokenIds(f.text).length === 0)
    return refuse("link_required", TEMPLATE_TEXTS.requiresLink);
  if (!linksAllowedFrom(f.number, f.tenDlcRegistered) && hasLink(f.text))
    return refuse(NO_URL_ALLOWED_REASON, CONTENT_RULE_TEXT.noUrlAllowed);
  return { ok: true };
}
