import { ActionIcon, Indicator, Tooltip } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUnreadCount } from "../api/notifications";

/** The notification centre's entry with its unread bubble (doc 3 §2); 99+ past 99. */
export function NotificationBell({ to }: { to: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const label = unread ? t("Notifications ({{n}} unread)", { n: unread }) : t("Notifications");
  return (
    <Tooltip label={label}>
      <Indicator
        label={unread > 99 ? "99+" : unread}
        disabled={unread === 0}
        size={18}
        offset={6}
        color="red"
        data-testid="notification-bubble"
      >
        <ActionIcon
          component={Link}
          to={to}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
