import { Button, Checkbox, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { MessageStats } from "../../../../domain/reports.schemas";
import { formatNumber } from "../../../i18n";
import { api } from "../../../lib/api-client";

const SEEN_KEY = "parley:used-messages-modal-seen";

/**
 * Doc 1 §4: shown when the account has no auto top-up, at least 50 credits in total, 90% or more
 * used and the popup-disable setting off (the server decides). Once per browser session; "Don't
 * show this again" turns the popup-disable setting on.
 */
export function UsedMessagesModal({ show, stats }: { show: boolean; stats: MessageStats }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(() => show && !sessionStorage.getItem(SEEN_KEY));
  const [never, setNever] = useState(false);
  const close = () => {
    sessionStorage.setItem(SEEN_KEY, "1");
    setOpened(false);
    if (never) {
      void api
        .put(
          "/api/account/settings/message_allotment_popup_disable",
          { val: true },
          { toast: true },
        )
        .catch(() => {});
    }
  };
  return (
    <Modal
      opened={opened && show}
      onClose={close}
      title={t("You're running low on messages")}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          {t(
            "You have used {{sent}} of your {{total}} messages ({{percent}}%). {{n}} messages are left. Purchase more so your next sends are not stopped.",
            {
              sent: formatNumber(stats.sent),
              total: formatNumber(stats.total),
              percent: stats.sentPercentage,
              count: stats.remaining,
              n: formatNumber(stats.remaining),
            },
          )}
        </Text>
        <Progress value={stats.sentPercentage} color="orange" size="lg" radius="xl" />
        <Checkbox
          label={t("Don't show this again")}
          checked={never}
          onChange={(e) => setNever(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t("Not now")}
          </Button>
          <Button
            onClick={() => {
              close();
              navigate("/addons/purchase-messages");
            }}
          >
            {t("Purchase Messages")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
