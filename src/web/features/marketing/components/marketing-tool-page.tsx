import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconArrowLeft,
  IconCheck,
  IconCopy,
  IconDice5,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconSpeakerphone,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { MarketingKind } from "../../../../domain/marketing";
import type { ProgramResponse } from "../../../../domain/marketing.schemas";
import { ListTable } from "../../../components/list/list-table";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { formatNumber } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import {
  useDeleteProgram,
  useDrawWinners,
  useProgramReport,
  usePrograms,
  useSendCoupon,
  useSetProgramStatus,
} from "../api/marketing";
import { formatDateTime, STATUS_LABEL, TOOLS } from "../lib/tools";
import { ProgramForm } from "./program-form";
import { ProgramReport } from "./program-report";
import { ProgramSummary } from "./program-summary";

/**
 * One marketing tool's page: the list of its programs (create, open), and with ?id= a program's
 * report with its actions (edit, pause, send, draw, delete, the counter link).
 */
export function MarketingToolPage({ kind }: { kind: MarketingKind }) {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("id"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const open = (p: number | null) => setParams(p === null ? {} : { id: String(p) });
  return id === null ? (
    <ProgramList kind={kind} onOpen={open} />
  ) : (
    <ProgramDetail id={id} kind={kind} onBack={() => open(null)} />
  );
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = STATUS_LABEL[status];
  return (
    <Badge variant="light" color={s?.color ?? "gray"}>
      {s ? t(s.label) : status}
    </Badge>
  );
}

function ProgramList({ kind, onOpen }: { kind: MarketingKind; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const tool = TOOLS[kind];
  const me = useCurrentAccount();
  const canEdit = meCan(me, "sends:write");
  const list = usePrograms(kind);
  const [creating, setCreating] = useState(false);
  const rows = list.data?.programs ?? [];
  return (
    <>
      <PageHeader
        title={t(tool.title)}
        description={t(tool.description)}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t(tool.create)}
            </Button>
          )
        }
      />
      {/* Not paged: an account runs a handful of these. */}
      <ListTable<(typeof rows)[number]>
        query={list}
        records={rows}
        icon={<IconSpeakerphone />}
        failedTitle={t("{{what}} could not be loaded", { what: t(tool.title) })}
        empty={{
          title: t(tool.emptyTitle),
          description: t(tool.emptyText),
          ...(canEdit
            ? { action: { label: t(tool.create), onClick: () => setCreating(true) } }
            : {}),
        }}
        testId="programs"
        rowAttributes={(p) => ({ "data-testid": `program-${p.id}` })}
        cardsBelow="36em"
        card={(p) => (
          <UnstyledButton data-testid={`program-${p.id}`} onClick={() => onOpen(p.id)} w="100%">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} c="brand.8" truncate>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[p.keyword, `${formatNumber(p.people)} ${t(tool.people).toLowerCase()}`]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </Stack>
              <StatusBadge status={p.status} />
            </Group>
          </UnstyledButton>
        )}
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            render: (p) => (
              <Anchor component="button" type="button" fw={600} onClick={() => onOpen(p.id)}>
                {p.name}
              </Anchor>
            ),
          },
          {
            accessor: "keyword",
            title: t("Word"),
            hidden: kind === "coupon",
            render: (p) => (
              <Text ff="monospace" size="sm">
                {p.keyword}
              </Text>
            ),
          },
          {
            accessor: "status",
            title: t("Status"),
            render: (p) => <StatusBadge status={p.status} />,
          },
          {
            accessor: "people",
            title: t(tool.people),
            textAlign: "right",
            render: (p) => formatNumber(p.people),
          },
          {
            accessor: "createdAt",
            title: t("Created"),
            render: (p) => <Text size="sm">{formatDateTime(p.createdAt, timeZone)}</Text>,
          },
        ]}
      />
      {creating && (
        <ProgramForm
          kind={kind}
          program={null}
          opened
          onClose={() => setCreating(false)}
          onSaved={(p) => {
            setCreating(false);
            onOpen(p.id);
          }}
        />
      )}
    </>
  );
}

function ProgramDetail({
  id,
  kind,
  onBack,
}: {
  id: number;
  kind: MarketingKind;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const tool = TOOLS[kind];
  const me = useCurrentAccount();
  const canEdit = meCan(me, "sends:write");
  const report = useProgramReport(id);
  const [editing, setEditing] = useState(false);
  const setStatus = useSetProgramStatus();
  const remove = useDeleteProgram();
  const send = useSendCoupon();
  const draw = useDrawWinners();
  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={onBack}
      px={0}
      mb="xs"
    >
      {t(tool.back)}
    </Button>
  );
  if (report.isPending)
    return (
      <Stack>
        {back}
        <Skeleton h={32} w={240} />
        <Skeleton h={90} />
        <Skeleton h={335} />
      </Stack>
    );
  if (report.isError || !report.data)
    return (
      <>
        {back}
        <LoadFailed
          icon={<IconSpeakerphone />}
          title={t("This program could not be loaded")}
          query={report}
        />
      </>
    );
  const p: ProgramResponse = report.data.program;
  const live = p.status === "active" || p.status === "paused";
  const askDelete = () =>
    modals.openConfirmModal({
      title: t("Delete {{name}}", { name: p.name }),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0> and its report? Its word stops working at once. Codes already texted can no longer be redeemed."
            values={{ name: p.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(p.id, {
          onSuccess: () => {
            notify.success(t("{{name}} deleted", { name: p.name }));
            onBack();
          },
        }),
    });
  const askSend = () =>
    modals.openConfirmModal({
      title: t("Send coupon"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Text <0>{{name}}</0> now, each person with their own code? Only subscribers with marketing consent who have not opted out get it; each text is charged as a message."
            values={{ name: p.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Send now"), cancel: t("Cancel") },
      onConfirm: () => send.mutate(p.id, { onSuccess: (r) => notify.success(r.message) }),
    });
  const askDraw = () =>
    modals.openConfirmModal({
      title: t("Draw winners"),
      children: (
        <Text size="sm">
          {t(
            "Draw {{count}} winners at random among the entrants now? Entries close, and each winner is texted a prize code. This cannot be undone.",
            { count: Number(p.settings.winners) },
          )}
        </Text>
      ),
      labels: { confirm: t("Draw now"), cancel: t("Cancel") },
      onConfirm: () =>
        draw.mutate(p.id, {
          onSuccess: (r) =>
            notify.success(
              t("{{count}} winners drawn among {{entrants}} entrants", {
                count: r.winners,
                entrants: r.entrants,
              }),
            ),
        }),
    });

  return (
    <>
      {back}
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 320px" }}>
          <Group gap="xs">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {p.name}
            </Title>
            <StatusBadge status={p.status} />
          </Group>
          <ProgramSummary program={p} />
          {p.number && (
            <Text size="xs" c="dimmed">
              {t("Number: {{number}}", { number: p.number })}
            </Text>
          )}
        </Stack>
        {canEdit && (
          <Group gap="xs">
            {kind === "coupon" && p.status === "active" && (
              <Button
                leftSection={<IconSend size={16} />}
                onClick={askSend}
                loading={send.isPending}
              >
                {t("Send coupon")}
              </Button>
            )}
            {kind === "giveaway" && live && (
              <Button
                leftSection={<IconDice5 size={16} />}
                onClick={askDraw}
                loading={draw.isPending}
              >
                {t("Draw winners")}
              </Button>
            )}
            {live && (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setEditing(true)}
              >
                {t("Edit")}
              </Button>
            )}
            {live && kind !== "coupon" && (
              <Button
                variant="default"
                leftSection={
                  p.status === "active" ? (
                    <IconPlayerPause size={16} />
                  ) : (
                    <IconPlayerPlay size={16} />
                  )
                }
                onClick={() =>
                  setStatus.mutate({
                    id: p.id,
                    status: p.status === "active" ? "paused" : "active",
                  })
                }
              >
                {p.status === "active" ? t("Pause") : t("Resume")}
              </Button>
            )}
            <Tooltip label={t("Delete")}>
              <ActionIcon variant="default" size="lg" aria-label={t("Delete")} onClick={askDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {p.counterUrl && (
        <Paper withBorder radius="md" p="sm" mb="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: "1 1 260px" }}>
              <Text size="sm" fw={600}>
                {t("Counter page")}
              </Text>
              <Text size="xs" c="dimmed">
                {t(
                  "Staff open this link on the shop's tablet or phone to check and redeem codes. Anyone with the link can redeem, so share it only with staff.",
                )}
              </Text>
            </Stack>
            <Group gap="xs">
              <Anchor href={p.counterUrl} target="_blank" size="sm" data-testid="counter-link">
                {t("Open counter page")}
              </Anchor>
              <CopyButton value={p.counterUrl}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    onClick={copy}
                  >
                    {copied ? t("Copied") : t("Copy link")}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Group>
        </Paper>
      )}
      <ProgramReport report={report.data} />
      {editing && (
        <ProgramForm
          kind={kind}
          program={p}
          opened
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </>
  );
}
