import { Alert, Skeleton, Stack, Text, ThemeIcon, Timeline } from "@mantine/core";
import {
  IconBan,
  IconCircleCheck,
  IconCircleX,
  IconHelpCircle,
  IconLockOpen,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { displayPhone } from "../../../../domain/contact-display";
import {
  CONSENT_ACTION_LABELS,
  CONSENT_SOURCE_LABELS,
} from "../../../../domain/subscriber-history.schemas";
import { useConsentHistory } from "../api/get-consent-history";
import { formatDateTime } from "../lib/dates";

const ICON: Record<string, { icon: ReactNode; color: string }> = {
  opt_in: { icon: <IconCircleCheck size={14} />, color: "teal" },
  consent: { icon: <IconCircleCheck size={14} />, color: "teal" },
  opt_out: { icon: <IconCircleX size={14} />, color: "red" },
  block: { icon: <IconBan size={14} />, color: "dark" },
  unblock: { icon: <IconLockOpen size={14} />, color: "gray" },
  help: { icon: <IconHelpCircle size={14} />, color: "blue" },
};

/** The consent log of the number: who, when, how, and through which of the account's numbers. */
export function ConsentTimeline(props: { subscriberId: number; timeZone: string }) {
  const history = useConsentHistory(props.subscriberId);
  if (history.isPending) {
    return (
      <Stack gap="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  if (history.isError) {
    return <Alert color="red">The consent history could not be loaded. Please try again.</Alert>;
  }
  if (history.data.length === 0) {
    return <Text c="dimmed">No consent changes recorded for this number.</Text>;
  }
  return (
    <Timeline bulletSize={24} lineWidth={2} data-testid="consent-history">
      {history.data.map((e) => {
        const look = ICON[e.action] ?? { icon: null, color: "gray" };
        const how = [
          CONSENT_SOURCE_LABELS[e.source] ?? e.source,
          e.user ? `by ${e.user.name}` : null,
          e.viaNumber ? `via ${displayPhone(e.viaNumber)}` : null,
        ]
          .filter(Boolean)
          .join(" · ");
        return (
          <Timeline.Item
            key={e.id}
            bullet={
              <ThemeIcon size={24} radius="xl" color={look.color} variant="light">
                {look.icon}
              </ThemeIcon>
            }
            title={CONSENT_ACTION_LABELS[e.action] ?? e.action}
          >
            <Text size="sm" c="dimmed">
              {how}
            </Text>
            {e.detail && (
              <Text size="sm" fs="italic">
                “{e.detail}”
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(e.createdAt, props.timeZone)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
