import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconPlayerPause } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  CANCEL_OFFERS,
  CANCEL_REASONS,
  type CancelReason,
} from "../../../../domain/billing.schemas";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { recordCancelStage, useBillingSummary, useCancel, usePause } from "../api/billing";
import { BillingLoading } from "../components/billing-bits";
import { CanceledDialog, ConfirmCancelDialog } from "../components/cancel-dialogs";
import { CancelOffer } from "../components/cancel-offer";
import { TestPaymentsNotice } from "../components/test-payments";

type Stage = "cancel" | "pause" | "confirm";

/**
 * /billing/manage-subscription/cancel and /settings/cancel: the retention flow of doc 1 §4. The
 * stage is in the query (cancel=1: the reason and its offer; pause=1: pausing instead;
 * confirm=1: the confirm dialog), each recorded for analytics. 'Closing my business' has no
 * offer and no pause: it goes straight to the confirm dialog.
 */
export default function CancelSubscriptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const summary = useBillingSummary();
  const cancel = useCancel();
  const pause = usePause();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [offerShown, setOfferShown] = useState(false);
  const [done, setDone] = useState<{ closesOn: string | null; removeDataAt: string | null }>();
  // Without a reason (a reload mid-flow), the flow starts again at the reason.
  const stage: Stage =
    reason && search.get("confirm") === "1"
      ? "confirm"
      : reason && search.get("pause") === "1"
        ? "pause"
        : "cancel";
  const goTo = (next: Stage) => setSearch({ [next]: "1" }, { replace: false });

  useEffect(() => {
    if (!search.get("cancel") && !search.get("pause") && !search.get("confirm"))
      setSearch({ cancel: "1" }, { replace: true });
  }, [search, setSearch]);
  useEffect(() => {
    if (stage !== "cancel") recordCancelStage(stage, reason);
  }, [stage, reason]);

  const keep = () => {
    recordCancelStage("kept", reason);
    navigate("/billing/manage-subscription");
  };
  const afterOffer = () => {
    if (reason === "Closing my business") goTo("confirm");
    else goTo("pause");
  };
  const s = summary.data;

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title={t("Cancel Subscription")} />
      <TestPaymentsNotice />
      {summary.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Your subscription could not be loaded")}
          query={summary}
        />
      ) : !s ? (
        <BillingLoading />
      ) : s.status === "canceled" && !done ? (
        <Alert color="gray" variant="light" title={t("Your subscription is already canceled")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t("Reactivate it to keep your account after its paid-through date.")}
            </Text>
            <Button component={Link} to="/billing/manage-subscription/reactivate" color="teal">
              {t("Reactivate")}
            </Button>
          </Stack>
        </Alert>
      ) : stage === "cancel" && (!reason || !offerShown) ? (
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t("Why are you canceling?")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("Tell us what went wrong: there may be a better way than leaving.")}
            </Text>
            <Radio.Group
              value={reason}
              onChange={(v) => setReason(v as CancelReason)}
              aria-label={t("Reason for canceling")}
            >
              <Stack gap="sm">
                {CANCEL_REASONS.map((r) => (
                  <Radio key={r} value={r} label={t(r)} />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="space-between" gap="xs">
              <Button variant="default" onClick={keep}>
                {t("Keep My Subscription")}
              </Button>
              <Button
                color="red"
                variant="light"
                disabled={!reason}
                onClick={() => {
                  recordCancelStage("cancel", reason);
                  if (reason && CANCEL_OFFERS[reason]) setOfferShown(true);
                  else goTo("confirm");
                }}
              >
                {t("Continue")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : stage === "cancel" && reason ? (
        <Stack gap="md">
          <Text>
            <Trans
              t={t}
              i18nKey="You told us: <0>{{reason}}</0>. Before you go, here is what we can do."
              values={{ reason: t(reason) }}
              components={[<b key="reason" />]}
            />
          </Text>
          <CancelOffer reason={reason} summary={s} />
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" onClick={() => setOfferShown(false)}>
              {t("Choose another reason")}
            </Button>
            <Button variant="default" color="red" onClick={afterOffer}>
              {t("No thanks, continue canceling")}
            </Button>
          </Group>
        </Stack>
      ) : stage === "pause" ? (
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="pause-offer">
          <Stack gap="md" align="flex-start">
            <Group gap="xs">
              <IconPlayerPause size={22} aria-hidden />
              <Title order={2} fz="lg">
                {t("Take a break instead?")}
              </Title>
            </Group>
            <Text size="sm">
              {t(
                "Pause your subscription: nothing is billed and nothing is sent. Your subscribers, message history, keywords and dedicated numbers stay here until you reactivate.",
              )}
            </Text>
            {pause.isError && (
              <Alert color="red" variant="light" role="alert">
                {formErrorOf(pause.error)}
              </Alert>
            )}
            <Group gap="xs">
              <Button
                leftSection={<IconPlayerPause size={16} />}
                loading={pause.isPending}
                onClick={() =>
                  pause.mutate(undefined, {
                    onSuccess: () => {
                      notify.success(t("Your subscription is paused"));
                      navigate("/billing/manage-subscription");
                    },
                  })
                }
              >
                {t("Pause My Subscription")}
              </Button>
              <Button variant="default" onClick={() => goTo("confirm")}>
                {t("No, continue canceling")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <ConfirmCancelDialog
        opened={stage === "confirm" && !done}
        pending={cancel.isPending}
        onKeep={keep}
        onCancel={() =>
          reason &&
          cancel.mutate(reason, {
            onSuccess: (after) =>
              setDone({ closesOn: after.periodEnd, removeDataAt: after.removeDataAt }),
          })
        }
      />
      <CanceledDialog
        opened={done !== undefined}
        closesOn={done?.closesOn ?? null}
        removeDataAt={done?.removeDataAt ?? null}
        onClose={() => navigate("/billing/manage-subscription")}
        onReactivate={() => navigate("/billing/manage-subscription/reactivate")}
      />
    </Stack>
  );
}
