import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ONBOARDING_STEP } from "../../../../domain/settings";
import { SettingsCard } from "../../settings/components/settings-card";
import { useMoveTour, useTour } from "../api/tour";

/** Settings: walk the guided tour again (it is kept per user). */
export function TourSettingsCard() {
  const { t } = useTranslation();
  const tour = useTour();
  const move = useMoveTour();
  const step = tour.data?.step;
  const running =
    step !== undefined && step !== ONBOARDING_STEP.DISABLED && step !== ONBOARDING_STEP.SKIPPED;
  return (
    <SettingsCard
      title={t("Guided tour")}
      description={t(
        "Three steps to your first report: add a subscriber, send a message, view reporting.",
      )}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {running
            ? t("The tour is on: follow the bar at the top of the page.")
            : t("The tour is off.")}
        </Text>
        <Button
          variant="light"
          disabled={running || tour.isPending}
          loading={move.isPending}
          onClick={() => move.mutate("restart")}
        >
          {t("Show the guided tour")}
        </Button>
      </Group>
    </SettingsCard>
  );
}
