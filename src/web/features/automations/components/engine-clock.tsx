import { Alert, Button, Group, Text } from "@mantine/core";
import { IconClockPlay } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useAdvanceClock, useEngineClock } from "../api/automations";

/**
 * On a test server (AUTOMATION_CLOCK=movable) the automation clock can be moved forward, so a
 * drip step due tomorrow is due now. Nothing shows on a real server.
 */
export function EngineClock() {
  const { t } = useTranslation();
  const clock = useEngineClock();
  const advance = useAdvanceClock();
  const tz = useAccountTimeZone();
  if (!clock.data?.movable) return null;
  return (
    <Alert
      variant="light"
      color="grape"
      icon={<IconClockPlay size={18} />}
      mb="md"
      title={t("Test clock")}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" data-testid="engine-clock">
          {t("Automations run as if it were {{date}}", {
            date: formatDateTime(clock.data.now, tz),
          })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => advance.mutate(60)}
            loading={advance.isPending}
          >
            {t("+1 hour")}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => advance.mutate(24 * 60)}
            loading={advance.isPending}
          >
            {t("+1 day")}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
