/**
 * The whole route map of spec doc 1 §2 and doc 3 §2, in one place, shared by the web app's
 * router (src/web/app/router.tsx) and the server (which answers other paths with a 404). Each entry names its page
 * title ('{title} | Parley') and who may open it. Features replace `page` with their screen.
 */
export type Access = "any" | "superUser" | "notRestricted";

export interface AppRoute {
  path: string;
  title: string;
  /** The title while the page makes a new one (no `id` in the query), so bar and heading agree. */
  newTitle?: string;
  access?: Access;
}

export const paths = {
  root: "/",
  login: "/auth/login",
  forgotPassword: "/auth/forgot-password",
  resetPassword: "/auth/reset-password",
  activate: "/auth/activate",
  phoneVerification: "/auth/phone-verification",
  invite: "/auth/invite",
  adminSignup: "/admin-signup",
  dashboard: "/dashboard",
  inbox: "/inbox",
  sendMessage: "/send-message",
  notifications: "/notifications",
  settings: "/settings",
  manageSubscribers: "/subscribers/manage",
  attributes: "/subscribers/attributes",
  manageGroups: "/manage-groups",
  groupDetails: "/manage-groups/details",
  help: "/help",
  billingSummary: "/billing/summary",
  manageUsers: "/manage-users",
  mailbox: "/mailbox",
  security: "/settings/security",
  auditLog: "/settings/audit-log",
  sentMessages: "/reports/sent-messages",
  sentMessageDetails: "/reports/sent-messages/details",
  scheduledMessages: "/messages/scheduled",
} as const;

/** Pages a visitor can open without logging in (a 401 there never redirects to login). */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: paths.login, title: "Login" },
  { path: paths.forgotPassword, title: "Forgot Password" },
  { path: paths.resetPassword, title: "Reset Password" },
  { path: paths.activate, title: "Activate Account" },
  { path: paths.phoneVerification, title: "Phone Verification" },
  { path: paths.invite, title: "Join Your Team" },
  { path: paths.adminSignup, title: "Sign Up" },
  { path: "/subscribe/:accountName", title: "Sign Up" },
  { path: "/optIn/:accountName/:slug", title: "Opt In" },
  { path: "/privacy/:accountName", title: "Messaging Privacy Policy" },
  { path: "/counter/:token", title: "Counter Check" },
  { path: "/r/:code", title: "You're Invited" },
  { path: "/setup/:token", title: "Set Up Parley" },
];

/** Pages behind login, rendered inside the shell. */
export const APP_ROUTES: AppRoute[] = [
  { path: "/number-registration", title: "Number Registration", access: "superUser" },
  { path: paths.dashboard, title: "Dashboard", access: "notRestricted" },
  { path: paths.sendMessage, title: "Send Message" },
  { path: paths.inbox, title: "Inbox" },
  { path: paths.notifications, title: "Notifications" },
  { path: paths.settings, title: "Settings" },
  { path: "/settings/cancel", title: "Cancel Subscription", access: "superUser" },
  { path: paths.security, title: "Security" },
  { path: paths.auditLog, title: "Audit Log", access: "superUser" },
  { path: "/manage-accounts", title: "Manage Accounts" },
  { path: paths.manageUsers, title: "Manage Users" },
  { path: paths.mailbox, title: "Mailbox" },
  { path: "/growth", title: "Growth" },
  { path: "/analytics", title: "Analytics" },
  { path: "/advanced-analytics", title: "Advanced Analytics" },
  { path: "/developer-dashboard", title: "Developer Home" },
  { path: "/unhealthy-subscribers", title: "Unhealthy Subscribers" },
  { path: "/webinars", title: "Webinars" },
  { path: "/webinars/import", title: "Import Webinar Attendees" },
  { path: "/webinars/edit-event", title: "Edit Webinar Event", newTitle: "New Webinar Event" },
  { path: "/mcp", title: "MCP Connection" },
  { path: "/mcp/stytch/oauth", title: "MCP Authorization" },
  { path: "/messages/automated-replies", title: "Automated Replies" },
  {
    path: "/messages/automated-replies/edit-smart-reply",
    title: "Edit Automated Reply",
    newTitle: "Add Automated Reply",
  },
  { path: "/messages/scheduled", title: "Scheduled Messages" },
  { path: "/messages/templates", title: "Templates" },
  { path: "/messages/templates/create", title: "Create Template" },
  { path: "/messages/templates/edit", title: "Edit Template" },
  { path: "/messages/controlled-templates", title: "Controlled Templates" },
  { path: "/messages/controlled-templates/create", title: "Create Controlled Template" },
  { path: "/messages/controlled-templates/edit", title: "Edit Controlled Template" },
  { path: "/messages/drip-campaigns", title: "Drip Campaigns" },
  {
    path: "/messages/drip-campaigns/edit",
    title: "Edit Drip Campaign",
    newTitle: "Create Drip Campaign",
  },
  { path: "/messages/campaigns", title: "Campaigns" },
  { path: "/messages/campaigns/details", title: "Campaign Details" },
  { path: "/messages/chatbots", title: "Chatbots" },
  { path: "/phone-messages", title: "Phone Messages" },
  { path: "/phone-messages/send", title: "Send Phone Message" },
  { path: "/phone-messages/scheduled", title: "Scheduled Phone Messages" },
  { path: paths.help, title: "Help" },
  { path: "/help/blog", title: "Blog" },
  { path: "/help/contact-us", title: "Contact Us" },
  { path: "/help/meet-with-an-engineer", title: "Meet With an Engineer" },
  { path: paths.billingSummary, title: "Billing Summary", access: "superUser" },
  { path: "/billing/manage-subscription", title: "Manage Subscription", access: "superUser" },
  { path: "/billing/manage-subscription/upgrade", title: "Upgrade", access: "superUser" },
  { path: "/billing/manage-subscription/reactivate", title: "Reactivate", access: "superUser" },
  {
    path: "/billing/manage-subscription/cancel",
    title: "Cancel Subscription",
    access: "superUser",
  },
  { path: "/billing/payment-method", title: "Payment Method", access: "superUser" },
  { path: "/billing/payment-history", title: "Payment History", access: "superUser" },
  { path: "/billing/payment-history/view", title: "Payment Details", access: "superUser" },
  { path: "/billing/refer", title: "Refer a Business", access: "superUser" },
  { path: "/billing/refer/view-referrals", title: "Your Referrals", access: "superUser" },
  { path: "/billing/add-ons", title: "Add-ons", access: "superUser" },
  { path: "/subscribers/import", title: "Import Subscribers" },
  { path: "/subscribers/import/advanced-options", title: "Import Options" },
  { path: "/subscribers/import/history", title: "Import History" },
  { path: paths.manageSubscribers, title: "Manage Subscribers" },
  { path: paths.attributes, title: "Subscriber Attributes" },
  { path: paths.manageGroups, title: "Manage Groups" },
  { path: paths.groupDetails, title: "Group Details" },
  { path: "/optins/keywords", title: "Keywords" },
  { path: "/optins/keywords/edit", title: "Edit Keyword", newTitle: "Add Keyword" },
  { path: "/optins/sign-up-page", title: "Sign-Up Page" },
  { path: "/optins/sms-qr", title: "SMS QR Code" },
  { path: "/optins/qr-code-templates", title: "QR Code Templates" },
  { path: "/optins/contact-card", title: "Contact Card" },
  { path: "/optins/web-banner", title: "Web Banner" },
  { path: "/optins/opt-in-forms", title: "Opt-In Forms" },
  { path: "/optins/opt-in-forms/details/:section", title: "Opt-In Form" },
  { path: "/optins/opt-in-forms/create", title: "Create Opt-In Form" },
  { path: "/marketing/loyalty-rewards", title: "Loyalty Rewards" },
  { path: "/marketing/digital-coupons", title: "Digital Coupons" },
  { path: "/marketing/textin-giveaway", title: "Text-In Giveaway" },
  { path: "/marketing/viral-texting", title: "Viral Texting" },
  { path: "/marketing/bless-registration", title: "Registration Tool" },
  { path: "/reports/sent-messages", title: "Sent Messages" },
  { path: "/reports/sent-messages/details", title: "Sent Message Details" },
  { path: "/reports/subscribers", title: "Subscriber Report" },
  { path: "/reports/link-tracking", title: "Link Tracking" },
  { path: "/reports/opt-outs", title: "Opt-Outs" },
  { path: "/reports/export-history", title: "Export History" },
  { path: "/addons/purchase-messages", title: "Purchase Messages" },
  { path: "/addons/phone-alerts", title: "Phone Alerts" },
  { path: "/addons/international-messages", title: "International Messages" },
  { path: "/addons/integrations", title: "Integrations" },
  { path: "/addons/integrations/zapier", title: "Zapier Integration" },
  { path: "/addons/integrations/customer-io", title: "Customer.io Integration" },
  { path: "/addons/integrations/hubspot", title: "HubSpot Integration" },
  { path: "/dedicated-numbers", title: "Dedicated Numbers" },
  { path: "/dedicated-numbers/details/:id/:number", title: "Number Details" },
  { path: "/virtual-phones", title: "Virtual Phones" },
  { path: "/sso", title: "Single Sign-On" },
  { path: "/deeplinks", title: "Deeplinks" },
  { path: "/workflows", title: "Workflows" },
  { path: "/workflows/form/:type/:triggerStep/:triggerType?", title: "Workflow" },
  { path: "/workflows/builder/:id", title: "Workflow Builder" },
];

/** Section roots with no screen of their own open their first page. */
export const SECTION_REDIRECTS: Record<string, string> = {
  "/messages": "/messages/scheduled",
  "/billing": paths.billingSummary,
  "/subscribers": paths.manageSubscribers,
  "/optins": "/optins/keywords",
  "/marketing": "/marketing/loyalty-rewards",
  "/reports": "/reports/sent-messages",
  "/addons": "/addons/purchase-messages",
};

/** Single sign-on services with a welcome page at /{service} (spec doc 3 §2). */
export const SSO_SERVICES = ["zoom", "goto"] as const;

export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_ROUTES.some((r) => matchesPattern(r.path, pathname))) return true;
  // /{service} and /{deeplinkUrlId}: any single segment that is not an app page.
  return /^\/[^/]+\/?$/.test(pathname) && !isAppPath(pathname);
}

function isAppPath(pathname: string): boolean {
  return (
    APP_ROUTES.some((r) => matchesPattern(r.path, pathname)) ||
    pathname.replace(/\/$/, "") in SECTION_REDIRECTS
  );
}

/** Minimal pattern match for ':param' and ':param?' segments (enough for the table above). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const pat = pattern.split("/").filter(Boolean);
  const seg = pathname.split("/").filter(Boolean);
  if (seg.length > pat.length) return false;
  return pat.every((p, i) => {
    const s = seg[i];
    if (p.endsWith("?")) return true;
    if (s === undefined) return false;
    return p.startsWith(":") || p === s;
  });
}

/** The title a route's page shows for this query: its `newTitle` when no `id` names a record. */
export function routeTitle(route: AppRoute, search: string): string {
  return route.newTitle && !new URLSearchParams(search).get("id") ? route.newTitle : route.title;
}

export function findRoute(pathname: string): AppRoute | undefined {
  return [...APP_ROUTES, ...PUBLIC_ROUTES].find((r) => matchesPattern(r.path, pathname));
}

/**
 * Whether the web app has a page at this path without asking the database: the root, the
 * route map, the section roots and the single sign-on landings. A single other segment may be a
 * deeplink id (`maybeDeeplink`), which only the database can tell.
 */
export function appPageOf(pathname: string): "page" | "maybeDeeplink" | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (p === paths.root) return "page";
  if (findRoute(p) || p in SECTION_REDIRECTS) return "page";
  const single = /^\/([^/]+)$/.exec(p);
  if (!single) return undefined;
  if ((SSO_SERVICES as readonly string[]).includes(single[1]!.toLowerCase())) return "page";
  return "maybeDeeplink";
}
