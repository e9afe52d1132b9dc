import { Badge, Button, Group, Text } from "@mantine/core";
import { IconBuildingStore, IconHistory, IconLogin2, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ChildAccount } from "../../../../domain/managed-accounts";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber } from "../../../i18n";
import { useChildAccounts, useOpenChildAccount } from "../api/managed-accounts";
import { AuditModal } from "../components/audit-modal";
import { CreateChildModal } from "../components/create-child-modal";

const ACCOUNTS_LIST = defineList({
  sort: {
    columns: ["default", "businessName", "subscribers", "sends", "creditsUsed", "creditsBalance"],
    // The server's order.
    column: "default",
    direction: "asc",
  },
});

const fmt = (n: number) => formatNumber(n);

/** /manage-accounts: the parent's child accounts with this month's usage; open one to work in it. */
export default function ManageAccountsPage() {
  const { t } = useTranslation();
  const view = useListState(ACCOUNTS_LIST, "local:managed-accounts");
  const list = useChildAccounts();
  const open = useOpenChildAccount();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [auditOf, setAuditOf] = useState<{ id: number; businessName: string } | null>(null);
  const { rows, total } = clientRows(list.data?.rows ?? [], view, {
    text: (c) => `${c.businessName} ${c.ownerName ?? ""} ${c.email}`,
    sortValue: {
      businessName: (c) => c.businessName,
      subscribers: (c) => c.usage.subscribers,
      sends: (c) => c.usage.sendsThisMonth,
      creditsUsed: (c) => c.usage.creditsUsed,
      creditsBalance: (c) => c.usage.creditsBalance,
    },
  });

  const access = (id: number) =>
    open.mutate(id, { onSuccess: () => navigate("/dashboard", { replace: true }) });

  return (
    <>
      <PageHeader
        title={t("Manage Accounts")}
        description={t(
          "Accounts you run for your clients. Open one to work in it; log out to come back here.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t("New account")}
          </Button>
        }
      />
      <ListTable<ChildAccount>
        query={list}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconBuildingStore size={28} />}
        failedTitle={t("Accounts could not be loaded")}
        empty={{
          title: t("No managed accounts yet"),
          description: t(
            "Create an account for each client: you open it from here, see its usage, and share your controlled templates with it.",
          ),
          action: { label: t("New account"), onClick: () => setCreating(true) },
        }}
        toolbar={
          <ListSearch label={t("Search accounts")} value={view.query} onSearch={view.setQuery} />
        }
        rowAttributes={() => ({ "data-testid": "child-account-row" })}
        columns={[
          {
            accessor: "businessName",
            title: t("Account"),
            sortable: true,
            render: (c) => (
              <>
                <Text fw={600} size="sm">
                  {c.businessName}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.ownerName ? `${c.ownerName} · ` : ""}
                  {c.email}
                </Text>
              </>
            ),
          },
          {
            accessor: "subscribers",
            title: t("Subscribers"),
            sortable: true,
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (c) => fmt(c.usage.subscribers),
          },
          {
            accessor: "sends",
            title: t("Sends this month"),
            sortable: true,
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (c) => fmt(c.usage.sendsThisMonth),
          },
          {
            accessor: "creditsUsed",
            title: t("Credits used"),
            sortable: true,
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (c) => fmt(c.usage.creditsUsed),
          },
          {
            accessor: "creditsBalance",
            title: t("Credits left"),
            sortable: true,
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (c) =>
              c.usage.creditsBalance <= 0 ? (
                <Badge color="red" variant="light">
                  0
                </Badge>
              ) : (
                fmt(c.usage.creditsBalance)
              ),
          },
          {
            accessor: "actions",
            title: "",
            textAlign: "right",
            render: (c) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconHistory size={14} />}
                  onClick={() => setAuditOf(c)}
                >
                  {t("Activity")}
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconLogin2 size={14} />}
                  loading={open.isPending && open.variables === c.id}
                  onClick={() => access(c.id)}
                  aria-label={t("Open {{name}}", { name: c.businessName })}
                >
                  {t("Open")}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <CreateChildModal opened={creating} onClose={() => setCreating(false)} />
      <AuditModal child={auditOf} onClose={() => setAuditOf(null)} />
    </>
  );
}
