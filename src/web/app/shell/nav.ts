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
import { tk } from "../../i18n";
import { meCan } from "../../lib/permissions";
import { paths } from "../paths";

export interface NavLeaf {
  /** English, the catalog key: shown through t(). */
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
  {
    label: tk("Dashboard"),
    icon: IconGauge,
    to: paths.dashboard,
    visible: (me) => !me.restrictedUser,
  },
  { label: tk("Inbox"), icon: IconInbox, to: paths.inbox },
  {
    label: tk("Send Message"),
    icon: IconSend,
    to: paths.sendMessage,
    visible: (me) => meCan(me, "sends:write"),
  },
  {
    label: tk("Messages"),
    icon: IconMessage2,
    to: "/messages/scheduled",
    match: ["/messages"],
    children: [
      { label: tk("Scheduled"), to: "/messages/scheduled" },
      { label: tk("Templates"), to: "/messages/templates" },
      { label: tk("Campaigns"), to: "/messages/campaigns" },
      { label: tk("Drip Campaigns"), to: "/messages/drip-campaigns" },
      { label: tk("Automated Replies"), to: "/messages/automated-replies" },
      { label: tk("Chatbots"), to: "/messages/chatbots" },
      { label: tk("Controlled Templates"), to: "/messages/controlled-templates" },
    ],
  },
  {
    label: tk("Subscribers"),
    icon: IconAddressBook,
    to: paths.manageSubscribers,
    match: ["/subscribers", "/manage-groups", "/unhealthy-subscribers"],
    children: [
      { label: tk("Manage"), to: paths.manageSubscribers },
      { label: tk("Groups"), to: "/manage-groups" },
      { label: tk("Import"), to: "/subscribers/import" },
      { label: tk("Attributes"), to: "/subscribers/attributes" },
      { label: tk("Unhealthy"), to: "/unhealthy-subscribers" },
    ],
  },
  {
    label: tk("Grow"),
    icon: IconQrcode,
    to: "/optins/keywords",
    match: ["/optins"],
    children: [
      { label: tk("Keywords"), to: "/optins/keywords" },
      { label: tk("Sign-Up Page"), to: "/optins/sign-up-page" },
      { label: tk("Opt-In Forms"), to: "/optins/opt-in-forms" },
      { label: tk("SMS QR Code"), to: "/optins/sms-qr" },
      { label: tk("QR Templates"), to: "/optins/qr-code-templates" },
      { label: tk("Contact Card"), to: "/optins/contact-card" },
      { label: tk("Web Banner"), to: "/optins/web-banner" },
      { label: tk("Deeplinks"), to: "/deeplinks" },
    ],
  },
  { label: tk("Workflows"), icon: IconHierarchy2, to: "/workflows", match: ["/workflows"] },
  {
    label: tk("Marketing"),
    icon: IconSpeakerphone,
    to: "/marketing/loyalty-rewards",
    match: ["/marketing"],
    children: [
      { label: tk("Loyalty Rewards"), to: "/marketing/loyalty-rewards" },
      { label: tk("Digital Coupons"), to: "/marketing/digital-coupons" },
      { label: tk("Text-In Giveaway"), to: "/marketing/textin-giveaway" },
      { label: tk("Viral Texting"), to: "/marketing/viral-texting" },
      { label: tk("Registration Tool"), to: "/marketing/bless-registration" },
    ],
  },
  {
    label: tk("Reports"),
    icon: IconChartBar,
    to: "/reports/sent-messages",
    match: ["/reports", "/analytics", "/advanced-analytics", "/growth"],
    visible: (me) => meCan(me, "reports:read"),
    children: [
      { label: tk("Sent Messages"), to: "/reports/sent-messages" },
      { label: tk("Subscribers"), to: "/reports/subscribers" },
      { label: tk("Link Tracking"), to: "/reports/link-tracking" },
      { label: tk("Opt-Outs"), to: "/reports/opt-outs" },
      { label: tk("Exports"), to: "/reports/export-history" },
      { label: tk("Analytics"), to: "/analytics" },
      { label: tk("Growth"), to: "/growth" },
    ],
  },
  {
    label: tk("Numbers"),
    icon: IconDeviceMobileMessage,
    to: "/dedicated-numbers",
    match: ["/dedicated-numbers", "/number-registration", "/phone-messages"],
  },
  {
    // The carrier emulator's phones: only when no real carrier is configured (demo mode).
    label: tk("Virtual Phones"),
    icon: IconDeviceMobile,
    to: "/virtual-phones",
    visible: (me) => me.carrierEmulator,
  },
  {
    // The local mailbox: mail the server kept (no SMTP configured), shown in demo mode.
    label: tk("Mailbox"),
    icon: IconMail,
    to: "/mailbox",
    visible: (me) => me.carrierEmulator,
  },
  {
    label: tk("Add-ons"),
    icon: IconApps,
    to: "/addons/purchase-messages",
    match: ["/addons"],
    children: [
      { label: tk("Purchase Messages"), to: "/addons/purchase-messages" },
      { label: tk("Phone Alerts"), to: "/addons/phone-alerts" },
      { label: tk("International"), to: "/addons/international-messages" },
      { label: tk("Integrations"), to: "/addons/integrations" },
    ],
  },
  {
    label: tk("Billing"),
    icon: IconCreditCard,
    to: paths.billingSummary,
    match: ["/billing"],
    visible: (me) => me.superUser,
    children: [
      { label: tk("Summary"), to: paths.billingSummary },
      { label: tk("Subscription"), to: "/billing/manage-subscription" },
      { label: tk("Payment Method"), to: "/billing/payment-method" },
      { label: tk("Payment History"), to: "/billing/payment-history" },
      { label: tk("Refer"), to: "/billing/refer" },
      { label: tk("Add-ons"), to: "/billing/add-ons" },
    ],
  },
  {
    label: tk("Developer Home"),
    icon: IconBolt,
    to: "/developer-dashboard",
    visible: (me) => me.isDeveloper,
  },
  {
    label: tk("Webinars"),
    icon: IconVideo,
    to: "/webinars",
    match: ["/webinars", "/sso"],
  },
  {
    // Agencies: a top-level account's owner creates and opens child accounts (never a child).
    label: tk("Manage Accounts"),
    icon: IconBuildingStore,
    to: "/manage-accounts",
    visible: (me) => meCan(me, "accounts:manage") && me.parentAccountId === null,
  },
  {
    // The account's audit log: the Owner's.
    label: tk("Audit Log"),
    icon: IconHistory,
    to: "/settings/audit-log",
    visible: (me) => meCan(me, "audit:read"),
  },
  {
    label: tk("Team"),
    icon: IconUsers,
    to: "/manage-users",
    match: ["/manage-users"],
    visible: (me) => meCan(me, "users:manage"),
  },
  {
    label: tk("Settings"),
    icon: IconSettings,
    to: paths.settings,
    match: ["/settings", "/mcp"],
    children: [
      { label: tk("Account"), to: paths.settings },
      { label: tk("Security"), to: paths.security },
    ],
  },
  { label: tk("Help"), icon: IconHelpCircle, to: paths.help, match: ["/help"] },
];

/** The reduced menu inside an embedded frame (spec doc 3 §2); Log Out is added by the sidebar. */
export const FRAME_NAV: NavItem[] = [
  { label: tk("Inbox"), icon: IconInbox, to: paths.inbox },
  {
    label: tk("Manage Subscribers"),
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
