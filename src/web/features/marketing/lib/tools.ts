import type { MarketingKind } from "../../../../domain/marketing";
import {
  formatDateTime as formatAccountDateTime,
  formatDay,
  formatDayTime,
} from "../../../lib/format-date-time";

/** What each tool's page says: its title, what it does, its people and its report's figures. */
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
    title: "Loyalty Rewards",
    description:
      "Customers check in by texting your word at each visit, earn points, and get a reward code texted when they reach the goal.",
    create: "New loyalty program",
    back: "All loyalty programs",
    emptyTitle: "No loyalty programs yet",
    emptyText:
      "Create one, put the check-in word on your counter sign, and regulars earn a reward by texting it at each visit.",
    people: "Members",
    figures: [
      { key: "members", label: "Members" },
      { key: "checkins", label: "Check-ins" },
      { key: "rewardsIssued", label: "Rewards issued" },
      { key: "rewardsRedeemed", label: "Rewards redeemed" },
    ],
    daily: "Check-ins per day",
  },
  coupon: {
    title: "Digital Coupons",
    description:
      "Text a coupon with a unique code to each subscriber of a group; staff check and redeem codes on the counter page until it expires.",
    create: "New coupon",
    back: "All coupons",
    emptyTitle: "No coupons yet",
    emptyText:
      "Create a coupon, choose who gets it and send: everyone with marketing consent gets their own code.",
    people: "Codes sent",
    figures: [
      { key: "sent", label: "Codes sent" },
      { key: "redeemed", label: "Redeemed" },
      { key: "notRedeemed", label: "Not redeemed" },
    ],
    daily: "Redemptions per day",
  },
  giveaway: {
    title: "Text-In Giveaway",
    description:
      "People enter by texting your word while the giveaway is open, one entry per number; draw a fair random winner and they are texted.",
    create: "New giveaway",
    back: "All giveaways",
    emptyTitle: "No giveaways yet",
    emptyText: "Create a giveaway with a word, a prize and the dates it is open.",
    people: "Entrants",
    figures: [
      { key: "entrants", label: "Entrants" },
      { key: "winners", label: "Winners" },
      { key: "prizesClaimed", label: "Prizes claimed" },
    ],
    daily: "Entries per day",
  },
  referral: {
    title: "Viral Texting",
    description:
      "Subscribers text your word to get their own invite link; friends who sign up through it are credited to them, and every few friends earn a reward.",
    create: "New referral program",
    back: "All referral programs",
    emptyTitle: "No referral programs yet",
    emptyText: "Create one with a word, an offer for friends and a reward for whoever brings them.",
    people: "Sharers",
    figures: [
      { key: "sharers", label: "Sharers" },
      { key: "visits", label: "Link visits" },
      { key: "referrals", label: "Friends joined" },
      { key: "rewardsIssued", label: "Rewards issued" },
      { key: "rewardsRedeemed", label: "Rewards redeemed" },
    ],
    daily: "Friends joined per day",
  },
  registration: {
    title: "Registration Tool",
    description:
      "People register for your event by texting its word; past the capacity they join a waiting list and move up when someone cancels by text.",
    create: "New event",
    back: "All events",
    emptyTitle: "No events yet",
    emptyText: "Create an event with a word, a date and a capacity.",
    people: "Registered",
    figures: [
      { key: "registered", label: "Registered" },
      { key: "waitlisted", label: "Waiting list" },
      { key: "cancelled", label: "Canceled" },
      { key: "promoted", label: "Moved up" },
    ],
    daily: "Registrations per day",
  },
};

export const STATUS_LABEL: Record<string, { label: string; color: string }> = {
  active: { label: "Active", color: "teal" },
  paused: { label: "Paused", color: "gray" },
  sent: { label: "Sent", color: "blue" },
  drawn: { label: "Drawn", color: "grape" },
};

export const STATE_LABEL: Record<string, string> = {
  member: "Member",
  sent: "Sent",
  redeemed: "Redeemed",
  entered: "Entered",
  won: "Winner",
  registered: "Registered",
  waitlisted: "Waiting list",
  cancelled: "Canceled",
};

export const ACTIVITY_LABEL: Record<string, string> = {
  checkin: "Check-in",
  reward: "Reward issued",
  redeem: "Redeemed",
  send: "Sent",
  entry: "Entry",
  win: "Winner drawn",
  link: "Link sent",
  referral: "Friend joined",
  register: "Registered",
  waitlist: "Waiting list",
  cancel: "Canceled",
  promote: "Moved up",
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
