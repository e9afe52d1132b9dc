import { Anchor, Button, Group, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconEdit, IconPlus, IconTargetArrow, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { CampaignSummary } from "../../../../domain/campaigns.schemas";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useCampaigns, useDeleteCampaign } from "../api/campaigns";
import { NameModal } from "../components/name-modal";

export const DETAILS = "/messages/campaigns/details";

const CAMPAIGNS_LIST = defineList({
  sort: {
    columns: ["createdAt", "name", "sends", "automations"],
    column: "createdAt",
    direction: "desc",
  },
});

/** /messages/campaigns: campaigns by name, what each groups, create, rename, delete. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const navigate = useNavigate();
  const view = useListState(CAMPAIGNS_LIST, "local:campaigns");
  const list = useCampaigns();
  const remove = useDeleteCampaign();
  const [naming, setNaming] = useState<{ campaign: CampaignSummary | null } | null>(null);
  const { rows, total } = clientRows(list.data?.rows ?? [], view, {
    text: (c) => c.name,
    sortValue: {
      createdAt: (c) => c.createdAt,
      name: (c) => c.name,
      sends: (c) => c.sends,
      automations: (c) => c.automations,
    },
  });

  const askDelete = (c: CampaignSummary) =>
    modals.openConfirmModal({
      title: t("Delete campaign"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0>? Its sends and automations stay as they are; only the grouping and its combined report go."
            values={{ name: c.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(c.id, { onSuccess: () => notify.success(t("Campaign deleted")) }),
    });

  const create = () => setNaming({ campaign: null });

  return (
    <>
      <PageHeader
        title={t("Campaigns")}
        description={t(
          "Group sends, drips and workflows under one name to see their results together.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            {t("Create Campaign")}
          </Button>
        }
      />
      <ListTable<CampaignSummary>
        query={list}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconTargetArrow size={28} />}
        failedTitle={t("Campaigns could not be loaded")}
        empty={{
          title: t("No campaigns yet"),
          description: t(
            "A campaign puts a launch's sends and follow-up drips side by side: delivered, clicks, replies, opt-outs and credits in one place.",
          ),
          action: { label: t("Create Campaign"), onClick: create },
        }}
        toolbar={
          <ListSearch label={t("Search campaigns")} value={view.query} onSearch={view.setQuery} />
        }
        onRowClick={(c) => navigate(`${DETAILS}?id=${c.id}`)}
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            sortable: true,
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
          { accessor: "sends", title: t("Sends"), textAlign: "right", sortable: true },
          {
            accessor: "automations",
            title: t("Automations"),
            sortable: true,
            textAlign: "right",
            visibleMediaQuery: "(min-width: 36em)",
          },
          {
            accessor: "createdAt",
            title: t("Created"),
            sortable: true,
            visibleMediaQuery: "(min-width: 48em)",
            render: (c) => formatDay(c.createdAt, timeZone),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            render: (c) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <RowMenu
                  name={c.name}
                  stopPropagation
                  items={[
                    {
                      label: t("Rename"),
                      icon: <IconEdit size={14} />,
                      onClick: () => setNaming({ campaign: c }),
                    },
                    {
                      label: t("Delete"),
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
