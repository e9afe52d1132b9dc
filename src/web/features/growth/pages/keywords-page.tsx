import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconEdit,
  IconKey,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconShoppingCart,
  IconTrash,
} from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { KEYWORD_ADDON_CENTS, KEYWORD_ADDON_SIZE } from "../../../../domain/keywords";
import type { KeywordResponse } from "../../../../domain/keywords.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import {
  useDeleteKeyword,
  useKeywords,
  usePurchaseKeywords,
  useSetKeywordStatus,
} from "../api/keywords";
import { useNumberOptions } from "../api/pickers";

const EDIT = "/optins/keywords/edit";

/** /optins/keywords: the account's keywords, per number or all, with joins and actions. */
export default function KeywordsPage() {
  const navigate = useNavigate();
  const me = useCurrentAccount();
  const [params, setParams] = useSearchParams();
  const [numberId, setNumberId] = useState<string | null>(null);
  const list = useKeywords(numberId ? Number(numberId) : null);
  const numbers = useNumberOptions();
  const setStatus = useSetKeywordStatus();
  const remove = useDeleteKeyword();
  const purchase = usePurchaseKeywords();
  const canBuy = meCan(me, "billing");
  const canEdit = meCan(me, "settings:write");

  const openPurchase = () =>
    modals.openConfirmModal({
      title: "Buy more keywords",
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Add {KEYWORD_ADDON_SIZE} keywords to your plan for $
            {(KEYWORD_ADDON_CENTS / 100).toFixed(2)} a month, billed with your subscription.
          </Text>
          {list.data && (
            <Text size="sm" c="dimmed">
              You use {list.data.used} of {list.data.limit} keywords now.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: `Buy ${KEYWORD_ADDON_SIZE} keywords`, cancel: "Cancel" },
      onConfirm: () => purchase.mutate(undefined, { onSuccess: (r) => notify.success(r.message) }),
      onClose: () => {
        if (params.get("purchase")) setParams({}, { replace: true });
      },
    });

  // /optins/keywords?purchase=true (spec doc 1 §2) opens the purchase dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per arrival
  useEffect(() => {
    if (params.get("purchase") === "true" && canBuy) openPurchase();
  }, [canBuy]);

  const askDelete = (k: KeywordResponse) =>
    modals.openConfirmModal({
      title: "Delete keyword",
      children: (
        <Text size="sm">
          Delete the keyword <b>{k.keyword}</b>? Texts of it will no longer subscribe anyone. The
          people who joined stay subscribed.
        </Text>
      ),
      labels: { confirm: "Delete keyword", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(k.id, { onSuccess: () => notify.success(`Keyword ${k.keyword} deleted`) }),
    });

  const atLimit = list.data ? list.data.used >= list.data.limit : false;
  const rows = list.data?.keywords ?? [];

  return (
    <>
      <PageHeader
        title="Keywords"
        description={
          list.data
            ? `People text a keyword to your number to join your list. ${list.data.used} of ${list.data.limit} keywords used.`
            : "People text a keyword to your number to join your list."
        }
        actions={
          <>
            {canBuy && (
              <Button
                variant="default"
                leftSection={<IconShoppingCart size={16} />}
                onClick={openPurchase}
              >
                Buy more keywords
              </Button>
            )}
            {canEdit && (
              <Tooltip label="All keywords of your plan are in use" disabled={!atLimit}>
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() => navigate(EDIT)}
                  disabled={atLimit}
                >
                  Add keyword
                </Button>
              </Tooltip>
            )}
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group mb="md">
          <Select
            label="Number"
            placeholder="All numbers"
            data={numbers.data ?? []}
            value={numberId}
            onChange={setNumberId}
            clearable
            w={{ base: "100%", sm: 280 }}
          />
        </Group>
        {list.isPending ? (
          <TableSkeleton rows={4} />
        ) : list.isError ? (
          <LoadFailed icon={<IconKey />} title="Keywords could not be loaded" query={list} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconKey />}
            title={numberId ? "No keywords on this number" : "No keywords yet"}
            description="Create a keyword such as COFFEE: whoever texts it to your number is subscribed, added to your groups and answered."
            {...(canEdit && !atLimit
              ? { action: { label: "Add keyword", onClick: () => navigate(EDIT) } }
              : {})}
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Keyword</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Joins</Table.Th>
                  <Table.Th>Opt-in reply</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((k) => (
                  <Table.Tr key={k.id} data-testid={`keyword-${k.keyword}`}>
                    <Table.Td>
                      <Text
                        fw={600}
                        component="button"
                        type="button"
                        style={{ background: "none", border: 0, padding: 0, cursor: "pointer" }}
                        onClick={() => navigate(`${EDIT}?id=${k.id}`)}
                      >
                        {k.keyword.toUpperCase()}
                      </Text>
                    </Table.Td>
                    <Table.Td>{k.number ?? "All numbers"}</Table.Td>
                    <Table.Td>
                      {k.expired ? (
                        <Badge color="gray">Expired</Badge>
                      ) : k.status === "active" ? (
                        <Badge color="green">Active</Badge>
                      ) : (
                        <Badge color="yellow">Paused</Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{k.joins.toLocaleString()}</Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" lineClamp={2}>
                        {k.fullReply}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <RowMenu
                          name={k.keyword}
                          items={[
                            {
                              label: "Edit",
                              icon: <IconEdit size={16} />,
                              to: `${EDIT}?id=${k.id}`,
                            },
                            {
                              label: k.status === "active" ? "Pause" : "Resume",
                              icon:
                                k.status === "active" ? (
                                  <IconPlayerPause size={16} />
                                ) : (
                                  <IconPlayerPlay size={16} />
                                ),
                              onClick: () =>
                                setStatus.mutate(
                                  { id: k.id, status: k.status === "active" ? "paused" : "active" },
                                  {
                                    onSuccess: () =>
                                      notify.success(
                                        `Keyword ${k.keyword} ${k.status === "active" ? "paused" : "resumed"}`,
                                      ),
                                  },
                                ),
                            },
                            {
                              label: "Delete",
                              icon: <IconTrash size={16} />,
                              onClick: () => askDelete(k),
                              danger: true,
                            },
                          ]}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </>
  );
}
