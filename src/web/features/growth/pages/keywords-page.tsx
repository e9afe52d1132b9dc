import { Badge, Button, Group, Select, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
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
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { formatUsd } from "../../../../domain/billing";
import { KEYWORD_ADDON_CENTS, KEYWORD_ADDON_SIZE } from "../../../../domain/keywords";
import type { KeywordResponse } from "../../../../domain/keywords.schemas";
import { TEXT } from "../../../../domain/texts";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { formatNumber, translateMessage } from "../../../i18n";

import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { useBillingSummary } from "../../billing/api/billing";
import {
  useDeleteKeyword,
  useKeywords,
  usePurchaseKeywords,
  useSetKeywordStatus,
} from "../api/keywords";
import { useNumberOptions } from "../api/pickers";

const EDIT = "/optins/keywords/edit";

const KEYWORDS_LIST = defineList({
  filters: { number: "" },
  sort: { columns: ["keyword", "joins", "status"], column: "keyword", direction: "asc" },
});

/** In English: the list sorts by it. */
const statusLabel = (k: KeywordResponse) =>
  k.expired ? "Expired" : k.status === "active" ? "Active" : "Paused";

/** /optins/keywords: the account's keywords, per number or all, with joins and actions. */
export default function KeywordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentAccount();
  const [params, setParams] = useSearchParams();
  const view = useListState(KEYWORDS_LIST, "local:keywords");
  const numberId = view.filters.number || null;
  const list = useKeywords(numberId ? Number(numberId) : null);
  const numbers = useNumberOptions();
  const setStatus = useSetKeywordStatus();
  const remove = useDeleteKeyword();
  const purchase = usePurchaseKeywords();
  const canBuy = meCan(me, "billing");
  const canEdit = meCan(me, "settings:write");
  // What a pack costs now (prorated inside a paid period; nothing on a trial).
  const billing = useBillingSummary({ enabled: canBuy });

  const openPurchase = () => {
    const dueNow = billing.data ? (billing.data.addonsDueNow?.keywordPackCents ?? 0) : undefined;
    modals.openConfirmModal({
      title: t("Buy more keywords"),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t(
              "Add {{n}} keywords to your plan for {{price}} a month, billed with your subscription.",
              { n: KEYWORD_ADDON_SIZE, price: `$${(KEYWORD_ADDON_CENTS / 100).toFixed(2)}` },
            )}
          </Text>
          {dueNow !== undefined && (
            <Text size="sm" data-testid="charged-now">
              {billing.data?.addonsDueNow ? (
                <Trans
                  t={t}
                  i18nKey="Charged now: <0>{{amount}}</0> (the rest of your paid period, to {{date}})"
                  values={{
                    amount: formatUsd(dueNow),
                    date: billing.data.addonsDueNow.until.slice(0, 10),
                  }}
                  components={[<b key="amount" />]}
                />
              ) : (
                <Trans
                  t={t}
                  i18nKey="Charged now: <0>{{amount}}</0> (on your trial it starts with your first plan payment)"
                  values={{ amount: formatUsd(dueNow) }}
                  components={[<b key="amount" />]}
                />
              )}
            </Text>
          )}
          {list.data && (
            <Text size="sm" c="dimmed">
              {t("You use {{used}} of {{limit}} keywords now.", {
                used: list.data.used,
                limit: list.data.limit,
              })}
            </Text>
          )}
        </Stack>
      ),
      labels: {
        confirm: t("Buy {{n}} keywords", { n: KEYWORD_ADDON_SIZE }),
        cancel: t("Cancel"),
      },
      onConfirm: () =>
        purchase.mutate(dueNow, { onSuccess: (r) => notify.success(translateMessage(r.message)) }),
      onClose: () => {
        if (params.get("purchase")) {
          const next = new URLSearchParams(window.location.search);
          next.delete("purchase");
          setParams(next, { replace: true });
        }
      },
    });
  };

  // /optins/keywords?purchase=true (spec doc 1 §2) opens the purchase dialog, once what it
  // charges now is known.
  const billingKnown = billing.data !== undefined || billing.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per arrival
  useEffect(() => {
    if (params.get("purchase") === "true" && canBuy && billingKnown) openPurchase();
  }, [canBuy, billingKnown]);

  const askDelete = (k: KeywordResponse) =>
    modals.openConfirmModal({
      title: t("Delete keyword"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete the keyword <0>{{keyword}}</0>? Texts of it will no longer subscribe anyone. The people who joined stay subscribed."
            values={{ keyword: k.keyword }}
            components={[<b key="keyword" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete keyword"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(k.id, {
          onSuccess: () => notify.success(t("Keyword {{keyword}} deleted", { keyword: k.keyword })),
        }),
    });

  const atLimit = list.data ? list.data.used >= list.data.limit : false;
  const { rows, total } = clientRows(list.data?.keywords ?? [], view, {
    text: (k) => k.keyword,
    sortValue: {
      keyword: (k) => k.keyword,
      joins: (k) => k.joins,
      status: statusLabel,
    },
  });

  return (
    <>
      <PageHeader
        title={t("Keywords")}
        description={
          list.data
            ? t(
                "People text a keyword to your number to join your list. {{used}} of {{limit}} keywords used.",
                { used: list.data.used, limit: list.data.limit },
              )
            : t("People text a keyword to your number to join your list.")
        }
        actions={
          <>
            {canBuy && (
              <Button
                variant="default"
                leftSection={<IconShoppingCart size={16} />}
                onClick={openPurchase}
              >
                {t("Buy more keywords")}
              </Button>
            )}
            {canEdit && (
              <Tooltip label={t("All keywords of your plan are in use")} disabled={!atLimit}>
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() => navigate(EDIT)}
                  disabled={atLimit}
                >
                  {t("Add keyword")}
                </Button>
              </Tooltip>
            )}
          </>
        }
      />
      <ListTable<KeywordResponse>
        query={list}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconKey />}
        failedTitle={t("Keywords could not be loaded")}
        empty={{
          title: t("No keywords yet"),
          description: t(
            "Create a keyword such as COFFEE: whoever texts it to your number is subscribed, added to your groups and answered.",
          ),
          ...(canEdit && !atLimit
            ? { action: { label: t("Add keyword"), onClick: () => navigate(EDIT) } }
            : {}),
        }}
        noRecordsText={
          numberId && !view.query
            ? t("No keywords on this number")
            : translateMessage(TEXT.emptyTable)
        }
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label={t("Number")}
              placeholder={t("All numbers")}
              data={numbers.data ?? []}
              value={numberId}
              onChange={(v) => view.setFilter("number", v)}
              clearable
              w={{ base: "100%", sm: 280 }}
            />
            <ListSearch label={t("Search keywords")} value={view.query} onSearch={view.setQuery} />
          </Group>
        }
        rowAttributes={(k) => ({ "data-testid": `keyword-${k.keyword}` })}
        columns={[
          {
            accessor: "keyword",
            title: t("Keyword"),
            sortable: true,
            render: (k) => (
              <Stack gap={0}>
                <Text
                  fw={600}
                  component="button"
                  type="button"
                  ta="left"
                  style={{ background: "none", border: 0, padding: 0, cursor: "pointer" }}
                  onClick={() => navigate(`${EDIT}?id=${k.id}`)}
                >
                  {k.keyword.toUpperCase()}
                </Text>
                {/* Phones have no Number column: the number goes under the keyword. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {k.number ?? t("All numbers")}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "number",
            title: t("Number"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (k) => k.number ?? t("All numbers"),
          },
          {
            accessor: "status",
            title: t("Status"),
            sortable: true,
            render: (k) =>
              k.expired ? (
                <Badge color="gray">{t("Expired")}</Badge>
              ) : k.status === "active" ? (
                <Badge color="green">{t("Active")}</Badge>
              ) : (
                <Badge color="yellow">{t("Paused")}</Badge>
              ),
          },
          {
            accessor: "joins",
            title: t("Joins"),
            sortable: true,
            textAlign: "right",
            render: (k) => formatNumber(k.joins),
          },
          {
            accessor: "fullReply",
            title: t("Opt-in reply"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (k) => (
              <Text size="sm" lineClamp={2} maw={320}>
                {k.fullReply}
              </Text>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (k) =>
              canEdit && (
                <RowMenu
                  name={k.keyword}
                  items={[
                    {
                      label: t("Edit"),
                      icon: <IconEdit size={16} />,
                      to: `${EDIT}?id=${k.id}`,
                    },
                    {
                      label: k.status === "active" ? t("Pause") : t("Resume"),
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
                                k.status === "active"
                                  ? t("Keyword {{keyword}} paused", { keyword: k.keyword })
                                  : t("Keyword {{keyword}} resumed", { keyword: k.keyword }),
                              ),
                          },
                        ),
                    },
                    {
                      label: t("Delete"),

                      icon: <IconTrash size={16} />,
                      onClick: () => askDelete(k),
                      danger: true,
                    },
                  ]}
                />
              ),
          },
        ]}
      />
    </>
  );
}
