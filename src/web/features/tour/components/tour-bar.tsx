import { Anchor, Box, Button, Group, Progress, Text, Tooltip } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import type { AccountLite } from "../../../../domain/account.schemas";
import { SKIP_TOUR, TOUR_FINISH, TOUR_STEPS, tourVisible } from "../../../../domain/registrations";
import { ONBOARDING_STEP } from "../../../../domain/settings";
import { useSendingNumbers } from "../../send-message/api/send-message-api";
import { useMoveTour, useTour } from "../api/tour";
import classes from "./tour-bar.module.css";

/**
 * The guided tour's progress bar (doc 1 §4): three steps, each with its button and tooltip, a
 * 'Skip Tour' link until finished, and 'Finish' at the end, which switches the tour off.
 */
export function TourBar({ me }: { me: AccountLite }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tour = useTour();
  const move = useMoveTour();
  const step = tour.data?.step ?? ONBOARDING_STEP.DISABLED;
  const current = TOUR_STEPS.find((s) => s.step === step);
  const onCurrentPage = current !== undefined && pathname.startsWith(current.path);
  // Sending the first message needs a number to send from: say so on that step, not after.
  const sendStep = step === ONBOARDING_STEP.SEND_MESSAGE;
  const numbers = useSendingNumbers(sendStep && !me.restrictedUser);
  const needsNumber = sendStep && numbers.isSuccess && numbers.data.rows.length === 0;

  // Reaching the reporting page on the last step finishes the walk-through.
  useEffect(() => {
    if (step === ONBOARDING_STEP.VIEW_REPORTING && onCurrentPage && !move.isPending)
      move.mutate("advance");
  }, [step, onCurrentPage, move]);

  if (!tour.data || !tourVisible(step, me, pathname)) return null;
  const finished = step >= ONBOARDING_STEP.FINISHED;
  const done = finished ? TOUR_STEPS.length : step - 1;

  // The button says what comes next: open the current step's page, then move on from it.
  const next = TOUR_STEPS.find((s) => s.step === step + 1);
  const action = finished
    ? { label: TOUR_FINISH.button, tooltip: TOUR_FINISH.tooltip, run: () => move.mutate("finish") }
    : onCurrentPage && next
      ? {
          label: next.button,
          tooltip: next.tooltip,
          run: () => move.mutate("advance", { onSuccess: () => navigate(next.path) }),
        }
      : {
          label: current!.button,
          tooltip: current!.tooltip,
          run: () => navigate(current!.path),
        };

  return (
    <Box
      className={classes.bar}
      data-testid="tour-bar"
      component="section"
      aria-label={t("Guided tour")}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <ol className={classes.steps}>
          {TOUR_STEPS.map((s) => (
            <li
              key={s.step}
              aria-current={s.step === step ? "step" : undefined}
              className={classes.step}
              data-state={s.step < step || finished ? "done" : s.step === step ? "current" : "todo"}
            >
              <span className={classes.number}>{s.step}</span>
              <Text span size="xs" fw={700} className={classes.label}>
                {t(s.label)}
              </Text>
            </li>
          ))}
        </ol>
        <Group gap="sm" wrap="nowrap">
          {!finished && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              c="dimmed"
              onClick={() => move.mutate("skip")}
            >
              {t(SKIP_TOUR)}
            </Anchor>
          )}
          <Tooltip
            label={t(action.tooltip)}
            maw={298}
            multiline
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Button size="xs" onClick={action.run} loading={move.isPending}>
              {t(action.label)}
            </Button>
          </Tooltip>
        </Group>
      </Group>
      {needsNumber && (
        <Text size="sm" mt={6} data-testid="tour-needs-number">
          {t("Your first message needs a number to send from.")}{" "}
          {me.superUser ? (
            <Anchor component={Link} to="/dedicated-numbers" fw={700}>
              {t("Get a number")}
            </Anchor>
          ) : (
            t("Ask the account owner to add one.")
          )}
        </Text>
      )}
      <Progress
        value={(done / TOUR_STEPS.length) * 100}
        size="sm"
        mt={8}
        aria-label={t("Tour progress")}
        data-testid="tour-progress"
      />
    </Box>
  );
}
