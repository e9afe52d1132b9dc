import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { FailedNumbersSummary } from "../../../../domain/failed-numbers.schemas";
import { ApiError } from "../../../lib/api-client";
import type { ReportFilter } from "../../growth-reports/api/reports";
import {
  useCleanFailedNumbers,
  useFailedNumbers,
  useRetryFailedNumbers,
} from "../api/failed-numbers";

export type FailedNumbersMode = "retry" | "clean";
export interface FailedNumbersOutcome {
  mode: FailedNumbersMode;
  code: number;
  message: string;
}

const people = (n: number) => `${n.toLocaleString()} ${n === 1 ? "number" : "numbers"}`;

function leftOut(s: FailedNumbersSummary): string {
  const parts = [
    [s.excluded.optedOut, "opted out"],
    [s.excluded.blocked, "blocked"],
    [s.excluded.landline, "landlines"],
    [s.excluded.noConsent, "without marketing consent"],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n.toLocaleString()} ${what}`);
  return said.length ? `Left out: ${said.join(", ")}.` : "";
}

/**
 * The confirm step of the failed-by-error view: what a retry or a clean-up of the numbers behind
 * one carrier error code would do (counted by the server just now), then doing it.
 */
export function FailedNumbersModal(props: {
  code: number | null;
  mode: FailedNumbersMode;
  filter: ReportFilter;
  onClose: () => void;
  onDone: (outcome: FailedNumbersOutcome) => void;
}) {
  const { code, mode, filter } = props;
  const summary = useFailedNumbers(filter, code);
  const retry = useRetryFailedNumbers();
  const clean = useCleanFailedNumbers();
  const [action, setAction] = useState<"opt_out" | "delete">("opt_out");
  const [error, setError] = useState<ApiError | null>(null);
  const s = summary.data;

  const close = () => {
    setError(null);
    retry.reset();
    clean.reset();
    props.onClose();
  };
  const fail = (e: Error) =>
    setError(e instanceof ApiError ? e : new ApiError(0, "NETWORK", e.message));

  const doRetry = (sendAnyway = false) => {
    if (code === null) return;
    setError(null);
    retry.mutate(
      { ...filter, code, sendAnyway },
      {
        onSuccess: (r) => {
          const sends = r.sends.length === 1 ? "a new send" : `${r.sends.length} new sends`;
          props.onDone({
            mode: "retry",
            code,
            message: `Retrying ${people(r.recipients)} that failed with ${code}: ${sends} on its way. Follow it in Sent Messages.`,
          });
          close();
        },
        onError: fail,
      },
    );
  };
  const doClean = () => {
    if (code === null) return;
    setError(null);
    clean.mutate(
      { ...filter, code, action },
      {
        onSuccess: (r) => {
          props.onDone({
            mode: "clean",
            code,
            message: `${people(r.affected)} that failed with ${code} ${action === "delete" ? "deleted" : "opted out"}. Their consent history keeps the clean-up.`,
          });
          close();
        },
        onError: fail,
      },
    );
  };

  const title =
    mode === "retry"
      ? `Retry numbers that failed with ${code}`
      : `Clean up numbers that failed with ${code}`;
  let body: React.ReactNode;
  if (summary.isError) body = <Alert color="red">{summary.error.message}</Alert>;
  else if (!s)
    body = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">Counting the numbers…</Text>
      </Group>
    );
  else if (mode === "retry")
    body = (
      <Stack gap="xs">
        <Text size="sm" data-testid="failed-numbers-count">
          {people(s.failed)} had a text fail with {s.code} in these days.
        </Text>
        <Text size="sm" fw={600} data-testid="failed-numbers-retryable">
          {s.retryable > 0
            ? `${people(s.retryable)} will get the text they missed again (${s.sends === 1 ? "one new send" : `${s.sends} new sends, one per campaign`}), charged like any send.`
            : "Nobody can be retried: none of them may be texted now."}
        </Text>
        {leftOut(s) && (
          <Text size="sm" c="dimmed">
            {leftOut(s)} They are never texted again without consent.
          </Text>
        )}
      </Stack>
    );
  else
    body = (
      <Stack gap="xs">
        <Text size="sm" data-testid="failed-numbers-count">
          {people(s.failed)} had a text fail with {s.code} in these days.
        </Text>
        <Text size="sm" fw={600} data-testid="failed-numbers-cleanable">
          {s.cleanable > 0
            ? `${people(s.cleanable)} are failing now (their latest text failed because of the number).`
            : "None of them is failing now: their latest text went through, or the error is not about the number."}
        </Text>
        {s.cleanable > 0 && (
          <>
            <SegmentedControl
              value={action}
              onChange={(v) => setAction(v as "opt_out" | "delete")}
              data={[
                { value: "opt_out", label: "Opt out" },
                { value: "delete", label: "Delete" },
              ]}
            />
            <Text size="sm" c="dimmed">
              {action === "delete"
                ? "They are removed from your subscribers and their groups. Their consent history is kept, and this cannot be undone."
                : "They stay in your list but are never texted again, unless they opt back in. The opt-out is recorded in their consent history."}
            </Text>
          </>
        )}
      </Stack>
    );

  const busy = retry.isPending || clean.isPending;
  return (
    <Modal opened={code !== null} onClose={close} title={title} centered>
      <Stack>
        {body}
        {error && (
          <Alert color={error.code === "QUIET_HOURS" ? "yellow" : "red"} role="alert">
            <Stack gap="xs">
              <Text size="sm">{error.message}</Text>
              {error.code === "QUIET_HOURS" && (
                <Button size="xs" variant="light" color="yellow" onClick={() => doRetry(true)}>
                  Send anyway
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          {mode === "retry" ? (
            <Button onClick={() => doRetry()} loading={busy} disabled={!s || s.retryable === 0}>
              {s && s.retryable > 0 ? `Retry ${people(s.retryable)}` : "Retry"}
            </Button>
          ) : (
            <Button
              color={action === "delete" ? "red" : "orange"}
              onClick={doClean}
              loading={busy}
              disabled={!s || s.cleanable === 0}
            >
              {s && s.cleanable > 0
                ? `${action === "delete" ? "Delete" : "Opt out"} ${people(s.cleanable)}`
                : "Clean up"}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
