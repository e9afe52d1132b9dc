import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUsNumber } from "../../../../domain/phone";
import { formatNumber, translateMessage } from "../../../i18n";
import { lineCheckRound } from "../api/line-check";
import { unhealthyKey } from "../api/list-unhealthy";

interface Result {
  checked: number;
  total: number;
  landlines: number;
  invalid: string[];
}

type State =
  | { phase: "confirm" }
  | { phase: "running"; result: Result }
  | { phase: "done"; result: Result; stopped: boolean; error?: string };

/**
 * The carrier line-type check: asks the carrier about every number never checked, a round of
 * 100 at a time (each request stays short), shows its progress and can be stopped. Landlines it
 * finds join the list; numbers the carrier does not know are listed in the summary.
 */
export function LineCheckModal(props: { opened: boolean; unchecked: number; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [state, setState] = useState<State>({ phase: "confirm" });
  const stop = useRef(false);

  const run = async () => {
    stop.current = false;
    const result: Result = { checked: 0, total: props.unchecked, landlines: 0, invalid: [] };
    setState({ phase: "running", result: { ...result } });
    let afterId = 0;
    try {
      for (;;) {
        const round = await lineCheckRound(afterId);
        result.checked += round.checked;
        result.total = result.checked + round.remaining;
        result.landlines += round.landlines;
        result.invalid.push(...round.invalid);
        setState({ phase: "running", result: { ...result } });
        if (round.nextAfterId === null) break;
        if (stop.current) {
          setState({ phase: "done", result, stopped: true });
          return;
        }
        afterId = round.nextAfterId;
      }
      setState({ phase: "done", result, stopped: false });
    } catch (err) {
      setState({
        phase: "done",
        result,
        stopped: true,
        error: err instanceof Error ? err.message : String(err),
      });
    } finally {
      void qc.invalidateQueries({ queryKey: unhealthyKey });
    }
  };

  const close = () => {
    if (state.phase === "running") return;
    setState({ phase: "confirm" });
    props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t("Check line types")}
      closeOnClickOutside={state.phase !== "running"}
      withCloseButton={state.phase !== "running"}
    >
      {state.phase === "confirm" && (
        <Stack gap="sm">
          <Text size="sm">
            {t(
              "Parley asks the carrier whether each number is a mobile or a landline. Landlines cannot receive texts: they are listed here so you can clean them up before you text them.",
            )}
          </Text>
          <Text size="sm">
            <b>{formatNumber(props.unchecked)}</b>{" "}
            {t("numbers have never been checked.", { count: props.unchecked })}{" "}
            {t("With Twilio as your carrier, each lookup is billed by Twilio.")}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t("Cancel")}
            </Button>
            <Button onClick={() => void run()} disabled={props.unchecked === 0}>
              {t("Check {{n}} numbers", {
                count: props.unchecked,
                n: formatNumber(props.unchecked),
              })}
            </Button>
          </Group>
        </Stack>
      )}
      {state.phase !== "confirm" && (
        <Stack gap="sm">
          <Progress
            value={state.result.total ? (state.result.checked / state.result.total) * 100 : 100}
            striped={state.phase === "running"}
            animated={state.phase === "running"}
            aria-label={t("Line-type check progress")}
          />
          <Text size="sm" aria-live="polite" data-testid="line-check-progress">
            {t("{{checked}} of {{total}} checked · {{n}} landlines found", {
              count: state.result.landlines,
              checked: formatNumber(state.result.checked),
              total: formatNumber(state.result.total),
              n: formatNumber(state.result.landlines),
            })}
          </Text>
          {state.phase === "done" && state.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {t("{{error}} The numbers checked so far are saved.", {
                error: translateMessage(state.error),
              })}
            </Alert>
          )}
          {state.phase === "done" && !state.error && (
            <Alert
              color={state.stopped ? "gray" : "teal"}
              icon={<IconCircleCheck size={18} />}
              title={state.stopped ? t("Check stopped") : t("Check finished")}
            >
              {state.result.landlines > 0
                ? t("{{n}} landlines are now listed.", {
                    count: state.result.landlines,
                    n: formatNumber(state.result.landlines),
                  })
                : t("No landline found.")}
              {state.stopped && ` ${t("Run the check again to go on where it stopped.")}`}
            </Alert>
          )}
          {state.phase === "done" && state.result.invalid.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {state.result.invalid.length === 1
                  ? t("The carrier does not know this number:")
                  : t("The carrier does not know these numbers:")}
              </Text>
              <List size="sm">
                {state.result.invalid.slice(0, 20).map((p) => (
                  <List.Item key={p}>{formatUsNumber(p)}</List.Item>
                ))}
              </List>
              {state.result.invalid.length > 20 && (
                <Text size="xs" c="dimmed">
                  {t("and {{n}} more.", { n: formatNumber(state.result.invalid.length - 20) })}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t(
                  "A text to one of them fails as Invalid number, and it then shows in this list.",
                )}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            {state.phase === "running" ? (
              <Button
                variant="default"
                onClick={() => {
                  stop.current = true;
                }}
              >
                {t("Stop")}
              </Button>
            ) : (
              <Button onClick={close}>{t("Done")}</Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
