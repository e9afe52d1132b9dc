import { Badge, Loader } from "@mantine/core";
import { RUN_STATE_LABELS, type RunState } from "../../../../domain/reports.schemas";
import { translateMessage } from "../../../i18n";

const COLOR: Record<RunState, string> = { sending: "blue", completed: "teal", failed: "red" };

export function RunStateBadge({ state }: { state: RunState }) {
  return (
    <Badge
      variant="light"
      color={COLOR[state]}
      leftSection={state === "sending" ? <Loader size={10} color="blue" /> : undefined}
      data-testid="run-state"
    >
      {translateMessage(RUN_STATE_LABELS[state])}
    </Badge>
  );
}
