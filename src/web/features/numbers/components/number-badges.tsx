import { Badge, Tooltip } from "@mantine/core";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { numberState, type StatusLabel } from "../number-status";

export function StatusBadge({ status, testId }: { status: StatusLabel; testId?: string }) {
  return (
    <Tooltip label={status.description} withArrow>
      <Badge variant="light" color={status.color} tt="none" data-testid={testId}>
        {status.label}
      </Badge>
    </Tooltip>
  );
}

export function NumberStateBadge({ number }: { number: DedicatedNumber }) {
  return <StatusBadge status={numberState(number)} testId="number-state" />;
}

export function NumberTypeBadge({ number }: { number: DedicatedNumber }) {
  return (
    <Badge variant="outline" color={number.tollFree ? "grape" : "blue"} tt="none">
      {number.tollFree ? "Toll-free" : "Long code"}
    </Badge>
  );
}
