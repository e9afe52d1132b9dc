import { Badge, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { numberState, type StatusLabel } from "../number-status";

export function StatusBadge({ status, testId }: { status: StatusLabel; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t(status.description)} withArrow>
      <Badge variant="light" color={status.color} tt="none" data-testid={testId}>
        {t(status.label)}
      </Badge>
    </Tooltip>
  );
}

export function NumberStateBadge({ number }: { number: DedicatedNumber }) {
  return <StatusBadge status={numberState(number)} testId="number-state" />;
}

export function NumberTypeBadge({ number }: { number: DedicatedNumber }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={number.tollFree ? "grape" : "blue"} tt="none">
      {number.tollFree ? t("Toll-free") : t("Long code")}
    </Badge>
  );
}
