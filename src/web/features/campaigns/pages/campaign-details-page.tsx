import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconEdit, IconTargetArrow, IconTrash, IconX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type CampaignDetail, percentOf } from "../../../../domain/campaigns.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatNumber, tk, translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import {
  useAddMember,
  useCampaign,
  useCampaignCandidates,
  useDeleteCampaign,
  useRemoveMember,
} from "../api/campaigns";
import { NameModal } from "../components/name-modal";

/** A member's kind; "Send" is the noun here, by context (Spanish has another word for the verb). */
const kindLabel = (kind: string, t: TFunction) =>
  ({
    send: t("Send", { context: "kind" }),
    drip: t("Drip"),
    workflow: t("Workflow"),
    chatbot: t("Chatbot"),
  })[kind] ?? kind;
const fmt = (n: number) => formatNumber(n);

/** /messages/campaigns/details?id=N: combined results, what the campaign groups, A/B branches. */
export default function CampaignDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get("id"));
  const id = Number.isInteger(raw) && raw > 0 && raw <= 2_147_483_647 ? raw : null;
  const campaign = useCampaign(id);
  const navigate = useNavigate();
  const remove = useDeleteCampaign();
  const [renaming, setRenaming] = useState(false);

  if (id === null || (campaign.isError && campaign.error?.message === "Campaign not found"))
    return (
      <Paper withBorder radius="lg" p="md">
        <EmptyState
          icon={<IconTargetArrow size={28} />}
          title={t("Campaign not found")}
          description={t("It may have been deleted.")}
          action={{
            label: t("Back to Campaigns"),
            onClick: () => navigate("/messages/campaigns"),
          }}
        />
      </Paper>
    );
  if (campaign.isPending) return <TableSkeleton />;
  if (campaign.isError)
    return (
      <LoadFailed
        icon={<IconTargetArrow size={28} />}
        title={t("The campaign could not be loaded")}
        query={campaign}
      />
    );
  const c = campaign.data;

  const askDelete = () =>
    modals.openConfirmModal({
      title: t("Delete campaign"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0>? Its sends and automations stay as they are."
            values={{ name: c.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(c.id, {
          onSuccess: () => {
            notify.success(t("Campaign deleted"));
            navigate("/messages/campaigns");
          },
        }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to="/messages/campaigns" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> {t("Campaigns")}
            </Group>
          </Anchor>
          <Title order={2} fz={{ base: 22, sm: 26 }} data-testid="campaign-name">
            {c.name}
          </Title>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={() => setRenaming(true)}
          >
            {t("Rename")}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={askDelete}
          >
            {t("Delete")}
          </Button>
        </Group>
      </Group>
      <Totals c={c} />
      <Members c={c} />
      {c.failures.length > 0 && <Failures c={c} />}
      <Splits c={c} />
      {renaming && (
        <NameModal
          opened
          campaign={{ id: c.id, name: c.name }}
          onClose={() => setRenaming(false)}
        />
      )}
    </Stack>
  );
}

/** A total, labelled in the active language; its test id keeps the English label. */
function Stat(props: { label: string; value: number; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t(props.label)}
      </Text>
      <Text fz={24} fw={700} data-testid={`stat-${props.label.toLowerCase()}`}>
        {fmt(props.value)}
      </Text>
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Paper>
  );
}

function Totals({ c }: { c: CampaignDetail }) {
  const { t } = useTranslation();
  const n = c.totals;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      <Stat
        label={tk("Sent")}
        value={n.sent}
        hint={n.pending ? t("{{n}} on the way", { n: fmt(n.pending) }) : undefined}
      />
      <Stat label={tk("Delivered")} value={n.delivered} hint={percentOf(n.delivered, n.sent)} />
      <Stat label={tk("Failed")} value={n.failed} hint={percentOf(n.failed, n.sent)} />
      <Stat label={tk("Clicks")} value={n.clicks} hint={percentOf(n.clicks, n.delivered)} />
      <Stat label={tk("Replies")} value={n.replies} hint={percentOf(n.replies, n.delivered)} />
      <Stat label={tk("Opt-outs")} value={n.optOuts} hint={percentOf(n.optOuts, n.delivered)} />
      <Stat label={tk("Credits")} value={n.credits} />
    </SimpleGrid>
  );
}

function Members({ c }: { c: CampaignDetail }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const candidates = useCampaignCandidates(picking);
  const add = useAddMember();
  const removeMember = useRemoveMember();
  const options = [
    {
      group: t("Sends"),
      items: (candidates.data?.sends ?? []).map((s) => ({
        value: `send:${s.id}`,
        label: s.label,
      })),
    },
    {
      group: t("Automations"),
      items: (candidates.data?.automations ?? []).map((a) => ({
        value: `automation:${a.id}`,
        label: `${a.name} (${kindLabel(a.kind, t)})`,
      })),
    },
  ].filter((g) => g.items.length);

  const pick = (v: string | null) => {
    if (!v) return;
    const [kind, raw] = v.split(":");
    const n = Number(raw);
    add.mutate(kind === "send" ? { id: c.id, sendId: n } : { id: c.id, automationId: n }, {
      onSuccess: () => notify.success(t("Added to the campaign")),
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={3} fz="lg">
            {t("In this campaign")}
          </Title>
          <Select
            aria-label={t("Add a send or an automation")}
            placeholder={candidates.isFetching ? t("Loading…") : t("Add a send or an automation")}
            data={options}
            value={null}
            onDropdownOpen={() => setPicking(true)}
            onChange={pick}
            searchable
            nothingFoundMessage={
              candidates.data ? t("Every send and automation is in a campaign") : t("Loading…")
            }
            w={{ base: "100%", sm: 340 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {c.members.length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center">
            {t("Nothing here yet: add the sends, drips and workflows of this campaign above.")}
          </Text>
        ) : (
          <DataTable
            records={c.members}
            idAccessor="memberId"
            noRecordsText=""
            columns={[
              {
                accessor: "name",
                title: t("Name"),
                render: (m) => (
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                      {m.name}
                    </Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="light">
                        {kindLabel(m.kind, t)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {m.status}
                      </Text>
                    </Group>
                  </Stack>
                ),
              },
              {
                accessor: "sent",
                title: t("Sent"),
                textAlign: "right",
                render: (m) => fmt(m.sent),
              },
              {
                accessor: "delivered",
                title: t("Delivered"),
                textAlign: "right",
                visibleMediaQuery: "(min-width: 36em)",
                render: (m) => fmt(m.delivered),
              },
              {
                accessor: "failed",
                title: t("Failed"),
                textAlign: "right",
                visibleMediaQuery: "(min-width: 48em)",
                render: (m) => fmt(m.failed),
              },
              {
                accessor: "remove",
                title: "",
                textAlign: "right",
                render: (m) => (
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("Remove {{name}} from the campaign", { name: m.name })}
                    onClick={() =>
                      removeMember.mutate(
                        { id: c.id, memberId: m.memberId },
                        { onSuccess: () => notify.success(t("Removed from the campaign")) },
                      )
                    }
                  >
                    <IconX size={16} />
                  </ActionIcon>
                ),
              },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}

function Failures({ c }: { c: CampaignDetail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Title order={3} fz="lg" mb="sm">
        {t("Failed, by reason")}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Reason")}</Table.Th>
              <Table.Th ta="right">{t("Texts")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.failures.map((f) => (
              <Table.Tr key={`${f.code}:${f.reason}`}>
                <Table.Td>
                  {translateMessage(f.reason)}
                  {f.code !== null && (
                    <Text span c="dimmed" size="xs">
                      {" "}
                      {t("(error {{code}})", { code: f.code })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{fmt(f.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Splits({ c }: { c: CampaignDetail }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Title order={3} fz="lg" mb={4}>
        {t("A/B comparison")}
      </Title>
      {c.splits.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(
            "None of this campaign's automations splits people into branches. Add a workflow with an A/B split to compare its branches here.",
          )}
        </Text>
      ) : (
        <Stack gap="lg" mt="sm">
          {c.splits.map((s) => {
            const best = Math.max(...s.branches.map((b) => (b.people ? b.replies / b.people : 0)));
            return (
              <Stack key={`${s.automationId}:${s.stepId}`} gap={6}>
                <Text size="sm" fw={600}>
                  {s.automationName}{" "}
                  <Text span c="dimmed" size="xs">
                    {t("split {{step}}", { step: s.stepId })}
                  </Text>
                </Text>
                <Table.ScrollContainer minWidth={560}>
                  <Table striped aria-label={t("Branches of {{name}}", { name: s.automationName })}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("Branch")}</Table.Th>
                        <Table.Th ta="right">{t("Share")}</Table.Th>
                        <Table.Th ta="right">{t("People")}</Table.Th>
                        <Table.Th ta="right">{t("Texts")}</Table.Th>
                        <Table.Th ta="right">{t("Delivered")}</Table.Th>
                        <Table.Th ta="right">{t("Replies")}</Table.Th>
                        <Table.Th ta="right">{t("Clicks")}</Table.Th>
                        <Table.Th ta="right">{t("Opt-outs")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {s.branches.map((b) => (
                        <Table.Tr key={b.branch}>
                          <Table.Td>
                            <Group gap={6}>
                              <b>{b.label}</b>
                              {b.people > 0 &&
                                best > 0 &&
                                b.replies / b.people === best &&
                                s.branches.length > 1 && (
                                  <Badge size="xs" color="teal">
                                    {t("Most replies")}
                                  </Badge>
                                )}
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right">{b.percent ? `${b.percent}%` : "–"}</Table.Td>
                          <Table.Td ta="right">{fmt(b.people)}</Table.Td>
                          <Table.Td ta="right">{fmt(b.texts)}</Table.Td>
                          <Table.Td ta="right">
                            {fmt(b.delivered)}{" "}
                            <Text span c="dimmed" size="xs">
                              {percentOf(b.delivered, b.texts)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            {fmt(b.replies)}{" "}
                            <Text span c="dimmed" size="xs">
                              {percentOf(b.replies, b.people)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">
                            {fmt(b.clicks)}{" "}
                            <Text span c="dimmed" size="xs">
                              {percentOf(b.clicks, b.people)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">{fmt(b.optOuts)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
