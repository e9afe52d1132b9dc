import { Alert, Anchor, Skeleton, Stack, Table, Text, ThemeIcon, Timeline } from "@mantine/core";
import {
  IconBan,
  IconCircleCheck,
  IconCircleX,
  IconHelpCircle,
  IconLockOpen,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { readableConsentNote, summarizeConsentEvidence } from "../../../../domain/consent-evidence";
import { displayPhone } from "../../../../domain/contact-display";
import {
  CONSENT_ACTION_LABELS,
  CONSENT_SOURCE_LABELS,
  type ConsentHistoryEntry,
} from "../../../../domain/subscriber-history.schemas";
import { translateMessage, translatePhrase } from "../../../i18n";
import { useConsentHistory } from "../api/get-consent-history";
import { formatDateTime } from "../lib/dates";
import { FullRecord } from "./full-record";

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
  const { t } = useTranslation();
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
    return (
      <Alert color="red">{t("The consent history could not be loaded. Please try again.")}</Alert>
    );
  }
  if (history.data.length === 0) {
    return <Text c="dimmed">{t("No consent changes recorded for this number.")}</Text>;
  }
  return (
    <Timeline bulletSize={24} lineWidth={2} data-testid="consent-history">
      {history.data.map((e) => {
        const look = ICON[e.action] ?? { icon: null, color: "gray" };
        const label = CONSENT_SOURCE_LABELS[e.source];
        const how = [
          label
            ? translateMessage(label)
            : translatePhrase(summarizeConsentEvidence(e.source, "").howPhrase),
          e.user ? t("by {{name}}", { name: e.user.name }) : null,
          e.viaNumber ? t("via {{number}}", { number: displayPhone(e.viaNumber) }) : null,
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
            title={translateMessage(CONSENT_ACTION_LABELS[e.action] ?? e.action)}
          >
            <Text size="sm" c="dimmed">
              {how}
            </Text>
            {/* Structured evidence says when in its own summary. */}
            {!hasStructuredEvidence(e) && (
              <Text size="xs" c="dimmed" mt={2}>
                {formatDateTime(e.createdAt, props.timeZone)}
              </Text>
            )}
            {e.detail && <ConsentEvidence entry={e} timeZone={props.timeZone} />}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * The evidence of one line, readable: how, when (in the account's time zone), on which page,
 * from which address, the words shown; the stored record stays one click away.
 */
function ConsentEvidence(props: { entry: ConsentHistoryEntry; timeZone: string }) {
  const { t } = useTranslation();
  const { entry } = props;
  const ev = summarizeConsentEvidence(entry.source, entry.detail);
  if (!hasStructuredEvidence(entry)) {
    return (
      <Text size="sm" fs="italic" mt={4} style={{ overflowWrap: "anywhere" }}>
        “{readableConsentNote(entry.detail, (t) => formatDateTime(t, props.timeZone))}”
      </Text>
    );
  }
  const rows: [string, ReactNode][] = [
    [
      t("How"),
      ev.viaBanner
        ? t("{{how}} (web banner)", { how: translatePhrase(ev.howPhrase) })
        : translatePhrase(ev.howPhrase),
    ],
    [t("When"), formatDateTime(entry.createdAt, props.timeZone)],
  ];
  if (ev.pageUrl)
    rows.push([
      t("Where"),
      <Anchor
        key="url"
        href={ev.pageUrl}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ overflowWrap: "anywhere" }}
      >
        {ev.pageUrl}
      </Anchor>,
    ]);
  if (ev.ip) rows.push([t("From address"), ev.ip]);
  if (ev.text) rows.push([t("Text shown"), `“${ev.text}”`]);
  if (ev.note)
    rows.push([
      t("Note"),
      readableConsentNote(ev.note, (at) => formatDateTime(at, props.timeZone)),
    ]);
  return (
    <Stack gap={4} mt={6} data-testid="consent-evidence">
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th
                w={112}
                fw={500}
                c="dimmed"
                style={{ verticalAlign: "top", whiteSpace: "nowrap" }}
              >
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <FullRecord record={prettyRecord(entry.detail)} />
    </Stack>
  );
}

function hasStructuredEvidence(entry: ConsentHistoryEntry): boolean {
  const ev = summarizeConsentEvidence(entry.source, entry.detail);
  return ev.pageUrl !== null || ev.ip !== null || ev.text !== null;
}

function prettyRecord(detail: string): string {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}
