import {
  IconAddressBook,
  IconApps,
  IconBolt,
  IconBuildingStore,
  IconChartBar,
  IconCreditCard,
  IconDeviceMobile,
  IconDeviceMobileMessage,
  IconGauge,
  IconHelpCircle,
  IconHierarchy2,
  IconHistory,
  IconInbox,
  IconMail,
  IconMessage2,
  IconQrcode,
  IconSend,
  IconSettings,
  IconSpeakerphone,
  IconUsers,
  IconVideo,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import type { AccountLite } from "../../../domain/account.schemas";
import { meCan } from "../../lib/permissions";
import { paths } from "../paths";

export interface NavLeaf {
  label: string;
  to: string;
}

export interface NavItem {
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  to: string;
  /** Pages of this section: shown nested in the sidebar and as tabs in the sub bar. */
  children?: NavLeaf[];
  /** Path prefixes that mark this item active. */
  match?: string[];
  visible?: (me: AccountLite) => boolean;
}

export const NAV: NavItem[] = [
  { label: "Dashboard", icon: IconGauge, to: paths.dashboard, visible: (me) => !me.restrictedUser },
  { label: "Inbox", icon: IconInbox, to: paths.inbox },
  {
    label: "Send Message",
    icon: IconSend,
    to: paths.sendMessage,
    visible: (me) => meCan(me, "sends:write"),
  },
  {
    label: "Messages",
    icon: IconMessage2,
    to: "/messages/scheduled",
    match: ["/messages"],
    children: [
      { label: "Scheduled", to: "/messages/scheduled" },
      { label: "Templates", to: "/messages/templates" },
      { label: "Campaigns", to: "/messages/campaigns" },
      { label: "Drip Campaigns", to: "/messages/drip-campaigns" },
      { label: "Automated Replies", to: "/messages/automated-replies" },
      { label: "Chatbots", to: "/messages/chatbots" },
      { label: "Controlled Templates", to: "/messages/controlled-templates" },
    ],
  },
  {
    label: "Subscribers",
    icon: IconAddressBook,
    to: paths.manageSubscribers,
    match: ["/subscribers", "/manage-groups", "/unhealthy-subscribers"],
    children: [
      { label: "Manage", to: paths.manageSubscribers },
      { label: "Groups", to: "/manage-groups" },
      { label: "Import", to: "/subscribers/import" },
      { label: "Attributes", to: "/subscribers/attributes" },
      { label: "Unhealthy", to: "/unhealthy-subscribers" },
    ],
  },
  {
    label: "Grow",
    icon: IconQrcode,
    to: "/optins/keywords",
    match: ["/optins"],
    children: [
      { label: "Keywords", to: "/optins/keywords" },
      { label: "Sign-Up Page", to: "/optins/sign-up-page" },
      { label: "Opt-In Forms", to: "/optins/opt-in-forms" },
      { label: "SMS QR Code", to: "/optins/sms-qr" },
      { label: "QR Templates", to: "/optins/qr-code-templates" },
      { label: "Contact Card", to: "/optins/contact-card" },
      { label: "Web Banner", to: "/optins/web-banner" },
      { label: "Deeplinks", to: "/deeplinks" },
    ],
  },
  { label: "Workflows", icon: IconHierarchy2, to: "/workflows", match: ["/workflows"] },
  {
    label: "Marketing",
    icon: IconSpeakerphone,
    to: "/marketing/loyalty-rewards",
    match: ["/marketing"],
    children: [
      { label: "Loyalty Rewards", to: "/marketing/loyalty-rewards" },
      { label: "Digital Coupons", to: "/marketing/digital-coupons" },
      { label: "Text-In Giveaway", to: "/marketing/textin-giveaway" },
      { label: "Viral Texting", to: "/marketing/viral-texting" },
      { label: "Registration Tool", to: "/marketing/bless-registration" },
    ],
  },
  {
    label: "Reports",
    icon: IconChartBar,
    to: "/reports/sent-messages",
    match: ["/reports", "/analytics", "/advanced-analytics", "/growth"],
    visible: (me) => meCan(me, "reports:read"),
    children: [
      { label: "Sent Messages", to: "/reports/sent-messages" },
      { label: "Subscribers", to: "/reports/subscribers" },
      { label: "Link Tracking", to: "/reports/link-tracking" },
      { label: "Opt-Outs", to: "/reports/opt-outs" },
      { label: "Exports", to: "/reports/export-history" },
      { label: "Analytics", to: "/analytics" },
      { label: "Growth", to: "/growth" },
    ],
  },
  {
    label: "Numbers",
    icon: IconDeviceMobileMessage,
    to: "/dedicated-numbers",
    match: ["/dedicated-numbers", "/number-registration", "/phone-messages"],
  },
  {
    // The carrier emulator's phones: only when no real carrier is configured (demo mode).
    label: "Virtual Phones",
    icon: IconDeviceMobile,
    to: "/virtual-phones",
    visible: (me) => me.carrierEmulator,
  },
  {
    // The local mailbox: mail the server kept (no SMTP configured), shown in demo mode.
    label: "Mailbox",
    icon: IconMail,
    to: "/mailbox",
    visible: (me) => me.carrierEmulator,
  },
  {
    label: "Add-ons",
    icon: IconApps,
    to: "/addons/purchase-messages",
    match: ["/addons"],
    children: [
      { label: "Purchase Messages", to: "/addons/purchase-messages" },
      { label: "Phone Alerts", to: "/addons/phone-alerts" },
      { label: "International", to: "/addons/international-messages" },
      { label: "Integrations", to: "/addons/integrations" },
    ],
  },
  {
    label: "Billing",
    icon: IconCreditCard,
    to: paths.billingSummary,
    match: ["/billing"],
    visible: (me) => me.superUser,
    children: [
      { label: "Summary", to: paths.billingSummary },
      { label: "Subscription", to: "/billing/manage-subscription" },
      { label: "Payment Method", to: "/billing/payment-method" },
      { label: "Payment History", to: "/billing/payment-history" },
      { label: "Refer", to: "/billing/refer" },
      { label: "Add-ons", to: "/billing/add-ons" },
    ],
  },
  {
    label: "Developer Home",
    icon: IconBolt,
    to: "/developer-dashboard",
    visible: (me) => me.isDeveloper,
  },
  {
    label: "Webinars",
    icon: IconVideo,
    to: "/webinars",
    match: ["/webinars", "/sso"],
  },
  {
    // Agencies: a top-level account's owner creates and opens child accounts (never a child).
    label: "Manage Accounts",
    icon: IconBuildingStore,
    to: "/manage-accounts",
    visible: (me) => meCan(me, "accounts:manage") && me.parentAccountId === null,
  },
  {
    // The account's audit log: the Owner's.
    label: "Audit Log",
    icon: IconHistory,
    to: "/settings/audit-log",
    visible: (me) => meCan(me, "audit:read"),
  },
  {
    label: "Team",
    icon: IconUsers,
    to: "/manage-users",
    match: ["/manage-users"],
    visible: (me) => meCan(me, "users:manage"),
  },
  {
    label: "Settings",
    icon: IconSettings,
    to: paths.settings,
    match: ["/settings", "/mcp"],
    children: [
      { label: "Account", to: paths.settings },
      { label: "Security", to: paths.security },
    ],
  },
  { label: "Help", icon: IconHelpCircle, to: paths.help, match: ["/help"] },
];

/** The reduced menu inside an embedded frame (spec doc 3 §2); Log Out is added by the sidebar. */
export const FRAME_NAV: NavItem[] = [
  { label: "Inbox", icon: IconInbox, to: paths.inbox },
  {
    label: "Manage Subscribers",
    icon: IconAddressBook,
    to: paths.manageSubscribers,
    match: ["/subscribers"],
  },
];

export function isItemActive(item: NavItem, pathname: string): boolean {
  const prefixes = item.match ?? [item.to];
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function activeSection(pathname: string, me: AccountLite): NavItem | undefined {
  return NAV.filter((i) => !i.visible || i.visible(me)).find((i) => isItemActive(i, pathname));
}
