import {
  ActionIcon,
  Avatar,
  Burger,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconInfoCircle,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMoon,
  IconSettings,
  IconSun,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AccountLite } from "../../../domain/account.schemas";
import { PERMISSION_LABEL, type PermissionLevel } from "../../../domain/permissions";
import { personName } from "../../../domain/user-rules";
import { useLogout } from "../../features/auth/api/logout";
import { NotificationBell } from "../../features/notifications/components/notification-bell";
import { tk } from "../../i18n";
import { paths } from "../paths";
import { AboutDialog } from "./about-dialog";
import classes from "./shell.module.css";

interface TopBarProps {
  me: AccountLite;
  title: string;
  mobile: boolean;
  collapsed: boolean;
  onToggleSidebar: () => void;
  drawerOpened: boolean;
  onOpenDrawer: () => void;
}

export function TopBar(props: TopBarProps) {
  const { me, title, mobile, collapsed, onToggleSidebar, drawerOpened, onOpenDrawer } = props;
  const logout = useLogout();
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light");
  const [aboutOpened, about] = useDisclosure(false);
  const name = personName(me.user);

  return (
    <header className={classes.topBar} data-testid="top-bar">
      {mobile ? (
        <Burger
          opened={drawerOpened}
          onClick={onOpenDrawer}
          size="sm"
          aria-label={t("Open menu")}
        />
      ) : (
        <Tooltip label={collapsed ? t("Expand sidebar") : t("Collapse sidebar")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggleSidebar}
            aria-label={collapsed ? t("Expand sidebar") : t("Collapse sidebar")}
            data-testid="sidebar-toggle"
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Tooltip>
      )}
      <Text fw={600} size="lg" lineClamp={2} lh={1.2} style={{ flex: 1 }} component="h1">
        {title}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Tooltip label={scheme === "dark" ? t("Light mode") : t("Dark mode")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("Toggle color scheme")}
            onClick={() => setColorScheme(scheme === "dark" ? "light" : "dark")}
          >
            {scheme === "dark" ? <IconSun size={20} /> : <IconMoon size={20} />}
          </ActionIcon>
        </Tooltip>
        <NotificationBell to={paths.notifications} />
        <Menu position="bottom-end" width={240} shadow="md">
          <Menu.Target>
            <UnstyledButton aria-label={t("Account menu")} data-testid="account-menu">
              <Group gap={8} wrap="nowrap">
                <Avatar color="brand" radius="xl" size={34}>
                  {name.slice(0, 1).toUpperCase()}
                </Avatar>
                {!mobile && (
                  <div style={{ lineHeight: 1.2 }}>
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {me.businessName}
                    </Text>
                  </div>
                )}
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              {me.user.email} ·{" "}
              {t(PERMISSION_LABEL[me.user.permissionLevel as PermissionLevel] ?? tk("User"))}
            </Menu.Label>
            <Menu.Item
              component={Link}
              to={paths.settings}
              leftSection={<IconSettings size={16} />}
            >
              {t("Settings")}
            </Menu.Item>
            <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={about.open}>
              {t("About Parley")}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={() => logout.mutate()}
            >
              {t("Log Out")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <AboutDialog opened={aboutOpened} onClose={about.close} />
      </Group>
    </header>
  );
}
