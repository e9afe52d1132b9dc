import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FailedNumbersSummary } from "../../../../domain/failed-numbers.schemas";
import { formatNumber, translateMessage } from "../../../i18n";
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

function leftOut(s: FailedNumbersSummary, t: TFunction): string {
  const said = [
    s.excluded.optedOut > 0 &&
      t("{{n}} opted out", { count: s.excluded.optedOut, n: formatNumber(s.excluded.optedOut) }),
    s.excluded.blocked > 0 &&
      t("{{n}} blocked", { count: s.excluded.blocked, n: formatNumber(s.excluded.blocked) }),
    s.excluded.landline > 0 &&
      t("{{n}} landlines", { count: s.excluded.landline, n: formatNumber(s.excluded.landline) }),
    s.excluded.noConsent > 0 &&
      t("{{n}} without marketing consent", {
        count: s.excluded.noConsent,
        n: formatNumber(s.excluded.noConsent),
      }),
  ].filter(Boolean);
  return said.length ? t("Left out: {{list}}.", { list: said.join(", ") }) : "";
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
  const { t } = useTranslation();
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
          props.onDone({
            mode: "retry",
            code,
            message:
              r.sends.length === 1
                ? t(
                    "Retrying {{n}} numbers that failed with {{code}}: a new send on its way. Follow it in Sent Messages.",
                    { count: r.recipients, n: formatNumber(r.recipients), code },
                  )
                : t(
                    "Retrying {{n}} numbers that failed with {{code}}: {{sends}} new sends on its way. Follow it in Sent Messages.",
                    {
                      count: r.recipients,
                      n: formatNumber(r.recipients),
                      code,
                      sends: formatNumber(r.sends.length),
                    },
                  ),
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
            message:
              action === "delete"
                ? t(
                    "{{n}} numbers that failed with {{code}} deleted. Their consent history keeps the clean-up.",
                    { count: r.affected, n: formatNumber(r.affected), code },
                  )
                : t(
                    "{{n}} numbers that failed with {{code}} opted out. Their consent history keeps the clean-up.",
                    { count: r.affected, n: formatNumber(r.affected), code },
                  ),
          });
          close();
        },
        onError: fail,
      },
    );
  };

  const title =
    mode === "retry"
      ? t("Retry numbers that failed with {{code}}", { code: String(code) })
      : t("Clean up numbers that failed with {{code}}", { code: String(code) });
  let body: React.ReactNode;
  if (summary.isError) body = <Alert color="red">{translateMessage(summary.error.message)}</Alert>;
  else if (!s)
    body = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t("Counting the numbers…")}</Text>
      </Group>
    );
  else if (mode === "retry")
    body = (
      <Stack gap="xs">
        <Text size="sm" data-testid="failed-numbers-count">
          {t("{{n}} numbers had a text fail with {{code}} in these days.", {
            count: s.failed,
            n: formatNumber(s.failed),
            code: s.code,
          })}
        </Text>
        <Text size="sm" fw={600} data-testid="failed-numbers-retryable">
          {s.retryable === 0
            ? t("Nobody can be retried: none of them may be texted now.")
            : s.sends === 1
              ? t(
                  "{{n}} numbers will get the text they missed again (one new send), charged like any send.",
                  { count: s.retryable, n: formatNumber(s.retryable) },
                )
              : t(
                  "{{n}} numbers will get the text they missed again ({{sends}} new sends, one per campaign), charged like any send.",
                  {
                    count: s.retryable,
                    n: formatNumber(s.retryable),
                    sends: formatNumber(s.sends),
                  },
                )}
        </Text>
        {leftOut(s, t) && (
          <Text size="sm" c="dimmed">
            {leftOut(s, t)} {t("They are never texted again without consent.")}
          </Text>
        )}
      </Stack>
    );
  else
    body = (
      <Stack gap="xs">
        <Text size="sm" data-testid="failed-numbers-count">
          {t("{{n}} numbers had a text fail with {{code}} in these days.", {
            count: s.failed,
            n: formatNumber(s.failed),
            code: s.code,
          })}
        </Text>
        <Text size="sm" fw={600} data-testid="failed-numbers-cleanable">
          {s.cleanable > 0
            ? t("{{n}} numbers are failing now (their latest text failed because of the number).", {
                count: s.cleanable,
                n: formatNumber(s.cleanable),
              })
            : t(
                "None of them is failing now: their latest text went through, or the error is not about the number.",
              )}
        </Text>
        {s.cleanable > 0 && (
          <>
            <SegmentedControl
              value={action}
              onChange={(v) => setAction(v as "opt_out" | "delete")}
              data={[
                { value: "opt_out", label: t("Opt out") },
                { value: "delete", label: t("Delete") },
              ]}
            />
            <Text size="sm" c="dimmed">
              {action === "delete"
                ? t(
                    "They are removed from your subscribers and their groups. Their consent history is kept, and this cannot be undone.",
                  )
                : t(
                    "They stay in your list but are never texted again, unless they opt back in. The opt-out is recorded in their consent history.",
                  )}
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
              <Text size="sm">{translateMessage(error.message)}</Text>
              {error.code === "QUIET_HOURS" && (
                <Button size="xs" variant="light" color="yellow" onClick={() => doRetry(true)}>
                  {t("Send anyway")}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("Cancel")}
          </Button>
          {mode === "retry" ? (
            <Button onClick={() => doRetry()} loading={busy} disabled={!s || s.retryable === 0}>
              {s && s.retryable > 0
                ? t("Retry {{n}} numbers", { count: s.retryable, n: formatNumber(s.retryable) })
                : t("Retry")}
            </Button>
          ) : (
            <Button
              color={action === "delete" ? "red" : "orange"}
              onClick={doClean}
              loading={busy}
              disabled={!s || s.cleanable === 0}
            >
              {s && s.cleanable > 0
                ? action === "delete"
                  ? t("Delete {{n}} numbers", { count: s.cleanable, n: formatNumber(s.cleanable) })
                  : t("Opt out {{n}} numbers", { count: s.cleanable, n: formatNumber(s.cleanable) })
                : t("Clean up")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
