import { Anchor, Button, Group, Paper, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconEdit, IconPlus, IconTargetArrow, IconTrash } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { CampaignSummary } from "../../../../domain/campaigns.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useCampaigns, useDeleteCampaign } from "../api/campaigns";
import { NameModal } from "../components/name-modal";

export const DETAILS = "/messages/campaigns/details";

/** /messages/campaigns: campaigns by name, what each groups, create, rename, delete. */
export default function CampaignsPage() {
  const timeZone = useAccountTimeZone();
  const navigate = useNavigate();
  const list = useCampaigns();
  const remove = useDeleteCampaign();
  const [naming, setNaming] = useState<{ campaign: CampaignSummary | null } | null>(null);
  const rows = list.data?.rows ?? [];

  const askDelete = (c: CampaignSummary) =>
    modals.openConfirmModal({
      title: "Delete campaign",
      children: (
        <Text size="sm">
          Delete <b>{c.name}</b>? Its sends and automations stay as they are; only the grouping and
          its combined report go.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(c.id, { onSuccess: () => notify.success("Campaign deleted") }),
    });

  const create = () => setNaming({ campaign: null });

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Group sends, drips and workflows under one name to see their results together."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Create Campaign
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <LoadFailed
            icon={<IconTargetArrow size={28} />}
            title="Campaigns could not be loaded"
            query={list}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconTargetArrow size={28} />}
            title="No campaigns yet"
            description="A campaign puts a launch's sends and follow-up drips side by side: delivered, clicks, replies, opt-outs and credits in one place."
            action={{ label: "Create Campaign", onClick: create }}
          />
        ) : (
          <DataTable
            records={rows}
            idAccessor="id"
            minHeight={120}
            noRecordsText=""
            onRowClick={({ record }) => navigate(`${DETAILS}?id=${record.id}`)}
            columns={[
              {
                accessor: "name",
                title: "Name",
                render: (c) => (
                  <Anchor
                    component={Link}
                    to={`${DETAILS}?id=${c.id}`}
                    fw={600}
                    size="sm"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {c.name}
                  </Anchor>
                ),
              },
              { accessor: "sends", title: "Sends", textAlign: "right" },
              {
                accessor: "automations",
                title: "Automations",
                textAlign: "right",
                visibleMediaQuery: "(min-width: 36em)",
              },
              {
                accessor: "createdAt",
                title: "Created",
                visibleMediaQuery: "(min-width: 48em)",
                render: (c) => formatDay(c.createdAt, timeZone),
              },
              {
                accessor: "actions",
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: "right",
                render: (c) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <RowMenu
                      name={c.name}
                      stopPropagation
                      items={[
                        {
                          label: "Rename",
                          icon: <IconEdit size={14} />,
                          onClick: () => setNaming({ campaign: c }),
                        },
                        {
                          label: "Delete",
                          icon: <IconTrash size={14} />,
                          onClick: () => askDelete(c),
                          danger: true,
                        },
                      ]}
                    />
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
      {naming && (
        <NameModal
          opened
          campaign={naming.campaign}
          onClose={() => setNaming(null)}
          onSaved={(c) => {
            if (!naming.campaign) navigate(`${DETAILS}?id=${c.id}`);
          }}
        />
      )}
    </>
  );
}
