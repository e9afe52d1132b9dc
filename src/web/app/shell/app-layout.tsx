import { Drawer } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Fragment, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import type { AccountLite } from "../../../domain/account.schemas";
import { TEXT } from "../../../domain/texts";
import { FullPageLoader } from "../../components/full-page-loader";
import { usePageMeta } from "../../components/page-meta";
import {
  checkToken,
  TOKEN_CHECK_INTERVAL_MS,
  useSession,
} from "../../features/auth/api/check-token";
import { AccountStateNotice } from "../../features/billing/components/account-state";
import { CommandPalette } from "../../features/inbox/components/command-palette";
import { ActingBanner } from "../../features/managed-accounts/components/acting-banner";
import { RegistrationNotices } from "../../features/registrations/components/registration-notices";
import { ErrorPage } from "../../features/system/pages/error-page";
import { TourBar } from "../../features/tour/components/tour-bar";
import { tk } from "../../i18n";
import { useLocaleReady } from "../../i18n/use-locale-ready";
import { ApiError, sessionEnded } from "../../lib/api-client";
import { useMe } from "../../lib/current-account";
import { isEmbedded } from "../../lib/frame";
import { notify } from "../../lib/notify";
import { type Access, findRoute, paths, routeTitle } from "../paths";
import { activeSection } from "./nav";
import classes from "./shell.module.css";
import { Sidebar } from "./sidebar";
import { SubBar } from "./sub-bar";
import { TopBar } from "./top-bar";
import { useSidebar } from "./use-sidebar";

const DEV_HOME_SEEN = "parley.devHomeSeen";

/**
 * Where a user lands by default: the inbox in a frame or for restricted users, Developer Home
 * the first time in a session for developer accounts (spec doc 1 §6), else the dashboard.
 */
export function homePath(
  me: (Pick<AccountLite, "restrictedUser"> & { isDeveloper?: boolean }) | undefined,
): string {
  if (isEmbedded() || me?.restrictedUser) return paths.inbox;
  if (me?.isDeveloper && !sessionStorage.getItem(DEV_HOME_SEEN)) {
    sessionStorage.setItem(DEV_HOME_SEEN, "1");
    return "/developer-dashboard";
  }
  return paths.dashboard;
}

function allowed(access: Access | undefined, me: AccountLite): boolean {
  if (access === "superUser") return me.superUser;
  if (access === "notRestricted") return !me.restrictedUser && !isEmbedded();
  return true;
}

/** The authenticated area: guards the session, then renders the shell around the page. */
/**
 * The signed-in shell around the matched route, or around `children` where a page outside the
 * app's routes (an unknown one-segment path) is shown to a signed-in person.
 */
export function AppLayout(props: { children?: React.ReactNode }) {
  // Ask whether a session exists first: an anonymous visitor then causes no 401 at all.
  const session = useSession();
  const me = useMe({ enabled: session.data?.valid === true });
  const location = useLocation();
  const signedOut =
    session.data?.valid === false || (me.error instanceof ApiError && me.error.status === 401);
  // Signed out, the public pages (login) speak English again.
  const localeReady = useLocaleReady(signedOut ? "en" : me.data?.user.locale);

  if (signedOut) {
    const redirectTo = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}?redirectTo=${encodeURIComponent(redirectTo)}`} replace />;
  }
  if (session.error || me.error) return <ErrorPage />;
  if (!me.data || !localeReady) return <FullPageLoader />;
  const route = findRoute(location.pathname);
  if (route && !allowed(route.access, me.data)) return <AccessDenied to={homePath(me.data)} />;
  return (
    <Shell me={me.data} title={route ? routeTitle(route, location.search) : tk("Page Not Found")}>
      {props.children}
    </Shell>
  );
}

function AccessDenied({ to }: { to: string }) {
  useEffect(() => {
    notify.error(TEXT.notAllowed);
  }, []);
  return <Navigate to={to} replace />;
}

function Shell({
  me,
  title,
  children,
}: {
  me: AccountLite;
  title: string;
  children?: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const embedded = isEmbedded();
  const sidebar = useSidebar();
  const [drawerOpened, drawer] = useDisclosure(false);
  // The tour waits while the brand registration modal asks (one prompt at a time).
  const [prompting, setPrompting] = useState(false);
  const shownTitle = t(title);
  usePageMeta(shownTitle);
  useTokenCheck();

  return (
    <div className={classes.root}>
      <Sidebar me={me} collapsed={sidebar.collapsed} embedded={embedded} />
      <Drawer
        opened={drawerOpened && sidebar.mobile}
        onClose={drawer.close}
        size={260}
        padding={0}
        withCloseButton={false}
      >
        <Sidebar me={me} collapsed={false} embedded={embedded} onNavigate={drawer.close} />
      </Drawer>
      <div className={classes.main}>
        {me.isImpersonating && <ActingBanner me={me} />}
        <AccountStateNotice me={me} />
        {!embedded && <RegistrationNotices me={me} onPrompting={setPrompting} />}
        <TopBar
          me={me}
          title={shownTitle}
          mobile={sidebar.mobile}
          collapsed={sidebar.collapsed}
          onToggleSidebar={sidebar.toggle}
          drawerOpened={drawerOpened}
          onOpenDrawer={drawer.toggle}
        />
        {!embedded && <SubBar section={activeSection(pathname, me)} />}
        {!embedded && !prompting && <TourBar me={me} />}
        <main className={classes.content}>
          <Suspense fallback={<FullPageLoader />}>
            {/* A new language draws the page again: its dates and numbers follow too. */}
            <Fragment key={i18n.language}>{children ?? <Outlet />}</Fragment>
          </Suspense>
        </main>
        {!embedded && <CommandPalette me={me} />}
      </div>
    </div>
  );
}

/** Every 5 minutes, ask whether the session is alive; a dead one goes to login through the client. */
function useTokenCheck() {
  useEffect(() => {
    const timer = window.setInterval(() => {
      void checkToken().then(
        (r) => {
          if (!r.valid) sessionEnded();
        },
        () => {},
      );
    }, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
