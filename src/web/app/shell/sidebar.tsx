import { Tooltip } from "@mantine/core";
import { IconHelpCircle, IconLogout, IconMessageChatbot } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { AccountLite } from "../../../domain/account.schemas";
import { useLogout } from "../../features/auth/api/logout";
import { paths } from "../paths";
import { FRAME_NAV, isItemActive, NAV, type NavItem } from "./nav";
import classes from "./shell.module.css";

interface SidebarProps {
  me: AccountLite;
  collapsed: boolean;
  embedded: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

export function Sidebar({ me, collapsed, embedded, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const logout = useLogout();
  const items = (embedded ? FRAME_NAV : NAV).filter((i) => !i.visible || i.visible(me));

  return (
    <nav
      className={classes.sidebar}
      data-collapsed={collapsed}
      aria-label={t("Main navigation")}
      data-testid="sidebar"
    >
      <Link
        to={embedded ? paths.inbox : paths.root}
        className={classes.brand}
        onClick={onNavigate}
        aria-label={t("Parley home")}
      >
        <IconMessageChatbot size={26} stroke={1.8} color="var(--mantine-color-brand-6)" />
        {!collapsed && <span className={classes.brandText}>Parley</span>}
      </Link>
      <div className={classes.navScroll}>
        {items.map((item) => (
          <SidebarItem
            key={item.to}
            item={item}
            active={isItemActive(item, pathname)}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))}
      </div>
      {embedded && (
        <div className={classes.sidebarFooter}>
          <NavButton label={t("Help")} collapsed={collapsed} to={paths.help} />
          <Tooltip label={t("Log Out")} position="right" disabled={!collapsed}>
            <button type="button" className={classes.navItem} onClick={() => logout.mutate()}>
              <IconLogout size={20} stroke={1.6} />
              {!collapsed && <span>{t("Log Out")}</span>}
            </button>
          </Tooltip>
        </div>
      )}
    </nav>
  );
}

function SidebarItem(props: {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { item, active, collapsed, onNavigate } = props;
  const { t } = useTranslation();
  const Icon = item.icon;
  const label = t(item.label);
  return (
    <Tooltip label={label} position="right" disabled={!collapsed} withinPortal>
      <Link
        to={item.to}
        className={classes.navItem}
        data-active={active}
        aria-current={active ? "page" : undefined}
        aria-label={collapsed ? label : undefined}
        onClick={onNavigate}
      >
        <Icon size={20} stroke={1.6} />
        {!collapsed && <span>{label}</span>}
      </Link>
    </Tooltip>
  );
}

function NavButton({ label, collapsed, to }: { label: string; collapsed: boolean; to: string }) {
  return (
    <Tooltip label={label} position="right" disabled={!collapsed}>
      <Link to={to} className={classes.navItem} aria-label={collapsed ? label : undefined}>
        <IconHelpCircle size={20} stroke={1.6} />
        {!collapsed && <span>{label}</span>}
      </Link>
    </Tooltip>
  );
}
