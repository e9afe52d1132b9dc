import type { MarketingKind } from "../../../../domain/marketing";
import { tk } from "../../../i18n";
import {
  formatDateTime as formatAccountDateTime,
  formatDay,
  formatDayTime,
} from "../../../lib/format-date-time";

/**
 * What each tool's page says: its title, what it does, its people and its report's figures
 * (English, marked for the catalogs; the screens show them through t()).
 */
export interface ToolText {
  title: string;
  description: string;
  create: string;
  back: string;
  emptyTitle: string;
  emptyText: string;
  people: string;
  figures: { key: string; label: string }[];
  daily: string;
}

export const TOOLS: Record<MarketingKind, ToolText> = {
  loyalty: {
    title: tk("Loyalty Rewards"),
    description: tk(
      "Customers check in by texting your word at each visit, earn points, and get a reward code texted when they reach the goal.",
    ),
    create: tk("New loyalty program"),
    back: tk("All loyalty programs"),
    emptyTitle: tk("No loyalty programs yet"),
    emptyText: tk(
      "Create one, put the check-in word on your counter sign, and regulars earn a reward by texting it at each visit.",
    ),
    people: tk("Members"),
    figures: [
      { key: "members", label: tk("Members") },
      { key: "checkins", label: tk("Check-ins") },
      { key: "rewardsIssued", label: tk("Rewards issued") },
      { key: "rewardsRedeemed", label: tk("Rewards redeemed") },
    ],
    daily: tk("Check-ins per day"),
  },
  coupon: {
    title: tk("Digital Coupons"),
    description: tk(
      "Text a coupon with a unique code to each subscriber of a group; staff check and redeem codes on the counter page until it expires.",
    ),
    create: tk("New coupon"),
    back: tk("All coupons"),
    emptyTitle: tk("No coupons yet"),
    emptyText: tk(
      "Create a coupon, choose who gets it and send: everyone with marketing consent gets their own code.",
    ),
    people: tk("Codes sent"),
    figures: [
      { key: "sent", label: tk("Codes sent") },
      { key: "redeemed", label: tk("Redeemed") },
      { key: "notRedeemed", label: tk("Not redeemed") },
    ],
    daily: tk("Redemptions per day"),
  },
  giveaway: {
    title: tk("Text-In Giveaway"),
    description: tk(
      "People enter by texting your word while the giveaway is open, one entry per number; draw a fair random winner and they are texted.",
    ),
    create: tk("New giveaway"),
    back: tk("All giveaways"),
    emptyTitle: tk("No giveaways yet"),
    emptyText: tk("Create a giveaway with a word, a prize and the dates it is open."),
    people: tk("Entrants"),
    figures: [
      { key: "entrants", label: tk("Entrants") },
      { key: "winners", label: tk("Winners") },
      { key: "prizesClaimed", label: tk("Prizes claimed") },
    ],
    daily: tk("Entries per day"),
  },
  referral: {
    title: tk("Viral Texting"),
    description: tk(
      "Subscribers text your word to get their own invite link; friends who sign up through it are credited to them, and every few friends earn a reward.",
    ),
    create: tk("New referral program"),
    back: tk("All referral programs"),
    emptyTitle: tk("No referral programs yet"),
    emptyText: tk(
      "Create one with a word, an offer for friends and a reward for whoever brings them.",
    ),
    people: tk("Sharers"),
    figures: [
      { key: "sharers", label: tk("Sharers") },
      { key: "visits", label: tk("Link visits") },
      { key: "referrals", label: tk("Friends joined") },
      { key: "rewardsIssued", label: tk("Rewards issued") },
      { key: "rewardsRedeemed", label: tk("Rewards redeemed") },
    ],
    daily: tk("Friends joined per day"),
  },
  registration: {
    title: tk("Registration Tool"),
    description: tk(
      "People register for your event by texting its word; past the capacity they join a waiting list and move up when someone cancels by text.",
    ),
    create: tk("New event"),
    back: tk("All events"),
    emptyTitle: tk("No events yet"),
    emptyText: tk("Create an event with a word, a date and a capacity."),
    people: tk("Registered"),
    figures: [
      { key: "registered", label: tk("Registered") },
      { key: "waitlisted", label: tk("Waiting list") },
      { key: "cancelled", label: tk("Canceled") },
      { key: "promoted", label: tk("Moved up") },
    ],
    daily: tk("Registrations per day"),
  },
};

export const STATUS_LABEL: Record<string, { label: string; color: string }> = {
  active: { label: tk("Active"), color: "teal" },
  paused: { label: tk("Paused"), color: "gray" },
  sent: { label: tk("Sent"), color: "blue" },
  drawn: { label: tk("Drawn"), color: "grape" },
};

export const STATE_LABEL: Record<string, string> = {
  member: tk("Member"),
  sent: tk("Sent"),
  redeemed: tk("Redeemed"),
  entered: tk("Entered"),
  won: tk("Winner"),
  registered: tk("Registered"),
  waitlisted: tk("Waiting list"),
  cancelled: tk("Canceled"),
};

export const ACTIVITY_LABEL: Record<string, string> = {
  checkin: tk("Check-in"),
  reward: tk("Reward issued"),
  redeem: tk("Redeemed"),
  send: tk("Sent"),
  entry: tk("Entry"),
  win: tk("Winner drawn"),
  link: tk("Link sent"),
  referral: tk("Friend joined"),
  register: tk("Registered"),
  waitlist: tk("Waiting list"),
  cancel: tk("Canceled"),
  promote: tk("Moved up"),
};

/** Times of the marketing pages, in the account's zone (src/web/lib/format-date-time.ts). */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatAccountDateTime(iso, timeZone);
}

/** "Nov 23, 5:47 PM EST": times in lists. */
export function formatShort(iso: string, timeZone: string): string {
  return formatDayTime(iso, timeZone);
}

export function formatDayShort(iso: string, timeZone: string): string {
  return formatDay(iso, timeZone);
}
