import { Badge, Button, Group, Paper, Table, Text } from "@mantine/core";
import { IconBuildingStore, IconHistory, IconLogin2, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useChildAccounts, useOpenChildAccount } from "../api/managed-accounts";
import { AuditModal } from "../components/audit-modal";
import { CreateChildModal } from "../components/create-child-modal";

const fmt = (n: number) => n.toLocaleString("en-US");

/** /manage-accounts: the parent's child accounts with this month's usage; open one to work in it. */
export default function ManageAccountsPage() {
  const list = useChildAccounts();
  const open = useOpenChildAccount();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [auditOf, setAuditOf] = useState<{ id: number; businessName: string } | null>(null);
  const rows = list.data?.rows ?? [];

  const access = (id: number) =>
    open.mutate(id, { onSuccess: () => navigate("/dashboard", { replace: true }) });

  return (
    <>
      <PageHeader
        title="Manage Accounts"
        description="Accounts you run for your clients. Open one to work in it; log out to come back here."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New account
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        {list.isPending ? (
          <TableSkeleton rows={4} />
        ) : list.isError ? (
          <LoadFailed
            icon={<IconBuildingStore size={28} />}
            title="Accounts could not be loaded"
            query={list}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconBuildingStore size={28} />}
            title="No managed accounts yet"
            description="Create an account for each client: you open it from here, see its usage, and share your controlled templates with it."
            action={{ label: "New account", onClick: () => setCreating(true) }}
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th ta="right">Subscribers</Table.Th>
                  <Table.Th ta="right">Sends this month</Table.Th>
                  <Table.Th ta="right">Credits used</Table.Th>
                  <Table.Th ta="right">Credits left</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id} data-testid="child-account-row">
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {c.businessName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {c.ownerName ? `${c.ownerName} · ` : ""}
                        {c.email}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{fmt(c.usage.subscribers)}</Table.Td>
                    <Table.Td ta="right">{fmt(c.usage.sendsThisMonth)}</Table.Td>
                    <Table.Td ta="right">{fmt(c.usage.creditsUsed)}</Table.Td>
                    <Table.Td ta="right">
                      {c.usage.creditsBalance <= 0 ? (
                        <Badge color="red" variant="light">
                          0
                        </Badge>
                      ) : (
                        fmt(c.usage.creditsBalance)
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconHistory size={14} />}
                          onClick={() => setAuditOf(c)}
                        >
                          Activity
                        </Button>
                        <Button
                          size="xs"
                          leftSection={<IconLogin2 size={14} />}
                          loading={open.isPending && open.variables === c.id}
                          onClick={() => access(c.id)}
                          aria-label={`Open ${c.businessName}`}
                        >
                          Open
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <CreateChildModal opened={creating} onClose={() => setCreating(false)} />
      <AuditModal child={auditOf} onClose={() => setAuditOf(null)} />
    </>
  );
}
