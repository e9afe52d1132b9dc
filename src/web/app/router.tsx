import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { FullPageLoader } from "../components/full-page-loader";
import { useSession } from "../features/auth/api/check-token";
import { ErrorPage } from "../features/system/pages/error-page";
import { setUnauthorizedHandler } from "../lib/api-client";
import { useMe } from "../lib/current-account";
import { closeRealtime } from "../lib/realtime";
import { clearSessionState } from "../lib/storage";
import { APP_ROUTES, isPublicPath, PUBLIC_ROUTES, paths, SECTION_REDIRECTS } from "./paths";
import { queryClient } from "./providers";
import { AppLayout, homePath } from "./shell/app-layout";

/** Every route of the map and its page, each its own lazy chunk. */
const PAGES: Record<string, RouteObject["lazy"]> = {
  // Automations (automated replies, drip campaigns).
  "/messages/automated-replies": () =>
    import("../features/automations/pages/automated-replies-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/automated-replies/edit-smart-reply": () =>
    import("../features/automations/pages/edit-auto-reply-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/drip-campaigns": () =>
    import("../features/automations/pages/drip-campaigns-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/drip-campaigns/edit": () =>
    import("../features/automations/pages/edit-drip-page").then((m) => ({ Component: m.default })),
  // Workflows (the list, the trigger form, the visual builder).
  "/workflows": () =>
    import("../features/workflows/pages/workflows-page").then((m) => ({ Component: m.default })),
  "/workflows/form/:type/:triggerStep/:triggerType?": () =>
    import("../features/workflows/pages/workflow-form-page").then((m) => ({
      Component: m.default,
    })),
  "/workflows/builder/:id": () =>
    import("../features/workflows/pages/workflow-builder-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/chatbots": () =>
    import("../features/chatbots/pages/chatbots-page").then((m) => ({ Component: m.default })),
  "/messages/campaigns": () =>
    import("../features/campaigns/pages/campaigns-page").then((m) => ({ Component: m.default })),
  "/messages/campaigns/details": () =>
    import("../features/campaigns/pages/campaign-details-page").then((m) => ({
      Component: m.default,
    })),
  "/mcp": () =>
    import("../features/developer/pages/mcp-page").then((m) => ({ Component: m.default })),
  "/settings/audit-log": () =>
    import("../features/audit/pages/audit-log-page").then((m) => ({ Component: m.default })),
  "/manage-accounts": () =>
    import("../features/managed-accounts/pages/manage-accounts-page").then((m) => ({
      Component: m.default,
    })),
  "/webinars": () =>
    import("../features/webinars/pages/webinars-page").then((m) => ({ Component: m.default })),
  "/webinars/import": () =>
    import("../features/webinars/pages/import-page").then((m) => ({ Component: m.default })),
  "/webinars/edit-event": () =>
    import("../features/webinars/pages/edit-event-page").then((m) => ({ Component: m.default })),
  "/sso": () =>
    import("../features/webinars/pages/sso-page").then((m) => ({ Component: m.default })),
  "/mcp/stytch/oauth": () =>
    import("../features/developer/pages/mcp-oauth-page").then((m) => ({ Component: m.default })),
  "/addons/integrations": () =>
    import("../features/integrations/pages/integrations-page").then((m) => ({
      Component: m.default,
    })),
  "/addons/integrations/zapier": () =>
    import("../features/integrations/pages/zapier-page").then((m) => ({ Component: m.default })),
  "/addons/integrations/hubspot": () =>
    import("../features/integrations/pages/hubspot-page").then((m) => ({ Component: m.default })),
  "/addons/integrations/customer-io": () =>
    import("../features/integrations/pages/customer-io-page").then((m) => ({
      Component: m.default,
    })),
  "/developer-dashboard": () =>
    import("../features/developer/pages/developer-dashboard-page").then((m) => ({
      Component: m.default,
    })),
  [paths.login]: () =>
    import("../features/auth/pages/login-page").then((m) => ({ Component: m.default })),
  [paths.forgotPassword]: () =>
    import("../features/auth/pages/forgot-password-page").then((m) => ({ Component: m.default })),
  [paths.resetPassword]: () =>
    import("../features/auth/pages/reset-password-page").then((m) => ({ Component: m.default })),
  [paths.mailbox]: () =>
    import("../features/mailbox/pages/mailbox-page").then((m) => ({ Component: m.default })),
  [paths.manageUsers]: () =>
    import("../features/users/pages/manage-users-page").then((m) => ({ Component: m.default })),
  [paths.invite]: () =>
    import("../features/auth/pages/invite-page").then((m) => ({ Component: m.default })),
  [paths.security]: () =>
    import("../features/auth/pages/security-page").then((m) => ({ Component: m.default })),
  [paths.phoneVerification]: () =>
    import("../features/auth/pages/phone-verification-page").then((m) => ({
      Component: m.default,
    })),
  [paths.activate]: () =>
    import("../features/auth/pages/activate-page").then((m) => ({ Component: m.default })),
  [paths.manageSubscribers]: () =>
    import("../features/subscribers/pages/manage-subscribers-page").then((m) => ({
      Component: m.default,
    })),
  [paths.attributes]: () =>
    import("../features/custom-fields/pages/attributes-page").then((m) => ({
      Component: m.default,
    })),
  [paths.manageGroups]: () =>
    import("../features/groups/pages/manage-groups-page").then((m) => ({ Component: m.default })),
  [paths.groupDetails]: () =>
    import("../features/groups/pages/group-details-page").then((m) => ({ Component: m.default })),
  "/dedicated-numbers": () =>
    import("../features/numbers/pages/dedicated-numbers-page").then((m) => ({
      Component: m.default,
    })),
  "/dedicated-numbers/details/:id/:number": () =>
    import("../features/numbers/pages/number-details-page").then((m) => ({
      Component: m.default,
    })),
  "/number-registration": () =>
    import("../features/numbers/pages/number-registration-page").then((m) => ({
      Component: m.default,
    })),
  "/deeplinks": () =>
    import("../features/deeplinks/pages/deeplinks-page").then((m) => ({ Component: m.default })),
  "/virtual-phones": () =>
    import("../features/virtual-phones/pages/virtual-phones-page").then((m) => ({
      Component: m.default,
    })),
  "/subscribers/import": () =>
    import("../features/subscriber-imports/pages/import-page").then((m) => ({
      Component: m.default,
    })),
  "/subscribers/import/advanced-options": () =>
    import("../features/subscriber-imports/pages/import-options-page").then((m) => ({
      Component: m.default,
    })),
  "/subscribers/import/history": () =>
    import("../features/subscriber-imports/pages/import-history-page").then((m) => ({
      Component: m.default,
    })),
  "/reports/export-history": () =>
    import("../features/subscriber-exports/pages/export-history-page").then((m) => ({
      Component: m.default,
    })),
  "/unhealthy-subscribers": () =>
    import("../features/unhealthy-subscribers/pages/unhealthy-subscribers-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/templates": () =>
    import("../features/templates/pages/templates-page").then((m) => ({ Component: m.default })),
  "/messages/templates/create": () =>
    import("../features/templates/pages/create-template-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/templates/edit": () =>
    import("../features/templates/pages/edit-template-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/controlled-templates": () =>
    import("../features/templates/pages/controlled-templates-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/controlled-templates/create": () =>
    import("../features/templates/pages/create-controlled-template-page").then((m) => ({
      Component: m.default,
    })),
  "/messages/controlled-templates/edit": () =>
    import("../features/templates/pages/edit-controlled-template-page").then((m) => ({
      Component: m.default,
    })),
  "/help": () => import("../features/help/pages/help-page").then((m) => ({ Component: m.default })),
  "/help/blog": () =>
    import("../features/help/pages/blog-page").then((m) => ({ Component: m.default })),
  "/help/contact-us": () =>
    import("../features/help/pages/contact-us-page").then((m) => ({ Component: m.default })),
  "/help/meet-with-an-engineer": () =>
    import("../features/help/pages/meet-engineer-page").then((m) => ({ Component: m.default })),
  "/analytics": () =>
    import("../features/analytics/pages/analytics-page").then((m) => ({ Component: m.default })),
  "/advanced-analytics": () =>
    import("../features/analytics/pages/advanced-analytics-page").then((m) => ({
      Component: m.default,
    })),
  "/reports/subscribers": () =>
    import("../features/growth-reports/pages/subscriber-report-page").then((m) => ({
      Component: m.default,
    })),
  "/reports/opt-outs": () =>
    import("../features/growth-reports/pages/opt-outs-page").then((m) => ({
      Component: m.default,
    })),
  "/reports/link-tracking": () =>
    import("../features/links/pages/link-tracking-page").then((m) => ({ Component: m.default })),
  "/marketing/loyalty-rewards": () =>
    import("../features/marketing/pages/loyalty-rewards-page").then((m) => ({
      Component: m.default,
    })),
  "/marketing/digital-coupons": () =>
    import("../features/marketing/pages/digital-coupons-page").then((m) => ({
      Component: m.default,
    })),
  "/marketing/textin-giveaway": () =>
    import("../features/marketing/pages/textin-giveaway-page").then((m) => ({
      Component: m.default,
    })),
  "/marketing/viral-texting": () =>
    import("../features/marketing/pages/viral-texting-page").then((m) => ({
      Component: m.default,
    })),
  "/marketing/bless-registration": () =>
    import("../features/marketing/pages/bless-registration-page").then((m) => ({
      Component: m.default,
    })),
  "/counter/:token": () =>
    import("../features/marketing/pages/counter-page").then((m) => ({ Component: m.default })),
  "/r/:code": () =>
    import("../features/marketing/pages/referral-page").then((m) => ({ Component: m.default })),
  "/optins/keywords": () =>
    import("../features/growth/pages/keywords-page").then((m) => ({ Component: m.default })),
  "/optins/keywords/edit": () =>
    import("../features/growth/pages/keyword-edit-page").then((m) => ({ Component: m.default })),
  "/subscribe/:accountName": () =>
    import("../features/growth/pages/subscribe-page").then((m) => ({ Component: m.default })),
  "/optins/sign-up-page": () =>
    import("../features/growth/pages/sign-up-page-editor").then((m) => ({ Component: m.default })),
  "/optins/opt-in-forms": () =>
    import("../features/growth/pages/optin-forms-page").then((m) => ({ Component: m.default })),
  "/optins/opt-in-forms/create": () =>
    import("../features/growth/pages/optin-form-editor").then((m) => ({ Component: m.default })),
  "/optins/opt-in-forms/details/:section": () =>
    import("../features/growth/pages/optin-form-editor").then((m) => ({ Component: m.default })),
  "/privacy/:accountName": () =>
    import("../features/growth/pages/privacy-page").then((m) => ({ Component: m.default })),
  "/optIn/:accountName/:slug": () =>
    import("../features/growth/pages/optin-tracker-page").then((m) => ({ Component: m.default })),
  "/optins/sms-qr": () =>
    import("../features/growth/pages/sms-qr-page").then((m) => ({ Component: m.default })),
  "/optins/qr-code-templates": () =>
    import("../features/growth/pages/qr-templates-page").then((m) => ({ Component: m.default })),
  "/optins/web-banner": () =>
    import("../features/growth/pages/web-banner-page").then((m) => ({ Component: m.default })),
  "/growth": () =>
    import("../features/growth/pages/growth-page").then((m) => ({ Component: m.default })),
  "/optins/contact-card": () =>
    import("../features/contact-card/pages/contact-card-page").then((m) => ({
      Component: m.default,
    })),
  [paths.sendMessage]: () =>
    import("../features/send-message/pages/send-message-page").then((m) => ({
      Component: m.default,
    })),
  [paths.inbox]: () =>
    import("../features/inbox/pages/inbox-page").then((m) => ({ Component: m.default })),
  [paths.dashboard]: () =>
    import("../features/dashboard/pages/dashboard-page").then((m) => ({ Component: m.default })),
  [paths.sentMessages]: () =>
    import("../features/reports/pages/sent-messages-page").then((m) => ({ Component: m.default })),
  [paths.sentMessageDetails]: () =>
    import("../features/reports/pages/sent-message-details-page").then((m) => ({
      Component: m.default,
    })),
  "/phone-messages": () =>
    import("../features/phone-messages/pages/phone-messages-page").then((m) => ({
      Component: m.default,
    })),
  "/phone-messages/send": () =>
    import("../features/phone-messages/pages/send-phone-message-page").then((m) => ({
      Component: m.default,
    })),
  "/phone-messages/scheduled": () =>
    import("../features/phone-messages/pages/scheduled-phone-messages-page").then((m) => ({
      Component: m.default,
    })),
  [paths.scheduledMessages]: () =>
    import("../features/scheduled-messages/pages/scheduled-messages-page").then((m) => ({
      Component: m.default,
    })),
  "/setup/:token": () =>
    import("../features/setup/pages/setup-page").then((m) => ({ Component: m.default })),
  [paths.adminSignup]: () =>
    import("../features/signup/pages/admin-signup-page").then((m) => ({ Component: m.default })),
  [paths.settings]: () =>
    import("../features/settings/pages/settings-page").then((m) => ({ Component: m.default })),
  "/billing/summary": () =>
    import("../features/billing/pages/billing-summary-page").then((m) => ({
      Component: m.default,
    })),
  "/billing/payment-method": () =>
    import("../features/billing/pages/payment-method-page").then((m) => ({ Component: m.default })),
  "/billing/manage-subscription": () =>
    import("../features/billing/pages/manage-subscription-page").then((m) => ({
      Component: m.default,
    })),
  "/billing/manage-subscription/cancel": () =>
    import("../features/billing/pages/cancel-subscription-page").then((m) => ({
      Component: m.default,
    })),
  "/settings/cancel": () =>
    import("../features/billing/pages/cancel-subscription-page").then((m) => ({
      Component: m.default,
    })),
  "/billing/manage-subscription/upgrade": () =>
    import("../features/billing/pages/upgrade-page").then((m) => ({ Component: m.default })),
  "/billing/manage-subscription/reactivate": () =>
    import("../features/billing/pages/reactivate-page").then((m) => ({ Component: m.default })),
  "/billing/payment-history": () =>
    import("../features/billing/pages/payment-history-page").then((m) => ({
      Component: m.default,
    })),
  "/billing/payment-history/view": () =>
    import("../features/billing/pages/payment-view-page").then((m) => ({ Component: m.default })),
  "/addons/phone-alerts": () =>
    import("../features/addons/pages/phone-alerts-page").then((m) => ({ Component: m.default })),
  "/addons/international-messages": () =>
    import("../features/addons/pages/international-messages-page").then((m) => ({
      Component: m.default,
    })),
  "/billing/refer": () =>
    import("../features/billing/pages/refer-page").then((m) => ({ Component: m.default })),
  "/billing/refer/view-referrals": () =>
    import("../features/billing/pages/view-referrals-page").then((m) => ({
      Component: m.default,
    })),
  "/billing/add-ons": () =>
    import("../features/billing/pages/add-ons-page").then((m) => ({ Component: m.default })),
  "/addons/purchase-messages": () =>
    import("../features/billing/pages/purchase-messages-page").then((m) => ({
      Component: m.default,
    })),
  [paths.notifications]: () =>
    import("../features/notifications/pages/notifications-page").then((m) => ({
      Component: m.default,
    })),
};

/** A route of the map without a page is a mistake to catch at once, not a screen to show. */
function pageOf(path: string): RouteObject["lazy"] {
  const page = PAGES[path];
  if (!page) throw new Error(`No page for the route ${path}`);
  return page;
}

/** The bare root: the inbox in a frame (or for restricted users), else the dashboard. */
function RootRedirect() {
  const session = useSession();
  const me = useMe({ enabled: session.data?.valid === true });
  if (session.isPending || (session.data?.valid && me.isPending)) return <FullPageLoader />;
  if (!session.data?.valid) return <Navigate to={paths.login} replace />;
  return <Navigate to={homePath(me.data)} replace />;
}

const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: paths.root, element: <RootRedirect /> },
      ...PUBLIC_ROUTES.map((r) => ({ path: r.path, lazy: pageOf(r.path) })),
      {
        element: <AppLayout />,
        children: [
          ...APP_ROUTES.map((r) => ({ path: r.path, lazy: pageOf(r.path) })),
          ...Object.entries(SECTION_REDIRECTS).map(([from, to]) => ({
            path: from,
            element: <Navigate to={to} replace />,
          })),
          {
            path: "*",
            lazy: () =>
              import("../features/system/pages/not-found-page").then((m) => ({
                Component: m.default,
              })),
          },
        ],
      },
      {
        // /{service} (single sign-on landing) and /{deeplinkUrlId}: public, matched after the app's own.
        path: "/:segment",
        lazy: () =>
          import("../features/auth/pages/single-segment-page").then((m) => ({
            Component: m.default,
          })),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// An expired session anywhere (outside public pages) clears local state and goes to login.
setUnauthorizedHandler(() => {
  const { pathname, search } = window.location;
  if (isPublicPath(pathname)) return;
  clearSessionState();
  closeRealtime();
  queryClient.clear();
  void router.navigate(`${paths.login}?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`, {
    replace: true,
  });
});
