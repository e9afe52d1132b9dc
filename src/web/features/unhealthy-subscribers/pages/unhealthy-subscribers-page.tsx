import { Badge, Button, Chip, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconHeartbeat, IconPhoneCheck, IconTrash, IconUserOff } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUsNumber } from "../../../../domain/phone";
import {
  RECENT_DAYS,
  UNHEALTHY_REASON_LABELS,
  UNHEALTHY_REASONS,
  type UnhealthyReason,
  type UnhealthySubscriber,
} from "../../../../domain/unhealthy-subscribers.schemas";
import { BulkBar } from "../../../components/list/bulk-bar";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { NO_SELECTION, type Selection, selectedCount } from "../../../components/list/selection";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { formatNumber, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { type CleanUpInput, useCleanUp } from "../api/clean-up";
import { useUnhealthy } from "../api/list-unhealthy";
import { LineCheckModal } from "../components/line-check-modal";
import { ReasonBadge } from "../components/reason-badge";

type Action = "delete" | "opt_out";

/** Columns shown from the sm breakpoint up; below it the phone cell carries them. */
const WIDE = "(min-width: 48em)";

const UNHEALTHY_LIST = defineList({ filters: { reason: "all" } });

const failedTexts = (r: UnhealthySubscriber, t: TFunction) =>
  t("{{n}} failed texts", { count: r.failures, n: formatNumber(r.failures) });

function lastFailureText(r: UnhealthySubscriber, timeZone: string, t: TFunction): string {
  if (!r.lastFailureAt) return t("Found by line-type check");
  return t("Last failed {{date}} · {{failures}}", {
    date: formatDateTime(r.lastFailureAt, timeZone),
    failures: failedTexts(r, t),
  });
}

const fullName = (r: UnhealthySubscriber) => [r.firstName, r.lastName].filter(Boolean).join(" ");

/**
 * /unhealthy-subscribers: numbers texts did not reach lately (landline, invalid, unreachable,
 * blocked by the carrier), with the reason and the last failure, filtered by reason, cleaned up
 * by deleting or opting out the selected ones or all that match.
 */
export default function UnhealthySubscribersPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const view = useListState(UNHEALTHY_LIST, "local:unhealthy-subscribers");
  const reason = (UNHEALTHY_REASONS as readonly string[]).includes(view.filters.reason)
    ? (view.filters.reason as UnhealthyReason)
    : "all";
  const query = view.query;
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [checking, setChecking] = useState(false);
  const list = useUnhealthy({
    ...view.paging,
    reason: reason === "all" ? undefined : reason,
    query,
  });
  const cleanUp = useCleanUp();

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const counts = list.data?.counts;
  const unchecked = list.data?.unchecked ?? 0;
  const allCount = counts ? UNHEALTHY_REASONS.reduce((n, r) => n + counts[r], 0) : 0;
  const chosen = selectedCount(selection, total);
  const nothingAtAll = list.isSuccess && allCount === 0 && !query;

  // A new filter is a new list: what was picked on the old one no longer applies.
  const selectionScope = `${reason}|${query}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the scope changes
  useEffect(() => setSelection(NO_SELECTION), [selectionScope]);

  const run = (action: Action, body: CleanUpInput["selection"], count: number) => {
    const n = formatNumber(count);
    modals.openConfirmModal({
      title:
        action === "delete"
          ? t("Delete {{n}} subscribers?", { count, n })
          : t("Opt out {{n}} subscribers?", { count, n }),
      children:
        action === "delete" ? (
          <Text size="sm">
            {t(
              "They are removed from your subscribers and their groups. Their consent history is kept, and this cannot be undone.",
            )}
          </Text>
        ) : (
          <Text size="sm">
            {t(
              "They stay in your list but are never texted again, unless they opt back in. The opt-out is recorded in their consent history.",
            )}
          </Text>
        ),
      labels: {
        confirm:
          action === "delete"
            ? t("Delete {{n}} subscribers", { count, n })
            : t("Opt out {{n}} subscribers", { count, n }),
        cancel: t("Cancel"),
      },
      confirmProps: { color: action === "delete" ? "red" : "orange" },
      onConfirm: () =>
        cleanUp.mutate(
          { action, selection: body },
          {
            onSuccess: ({ affected }) => {
              const n = formatNumber(affected);
              notify.success(
                action === "delete"
                  ? t("{{n}} subscribers deleted", { count: affected, n })
                  : t("{{n}} subscribers opted out", { count: affected, n }),
              );
              // The last rows of a page gone, the list table steps back a page.
              setSelection(NO_SELECTION);
            },
          },
        ),
    });
  };

  const runOnSelection = (action: Action) =>
    run(
      action,
      selection.mode === "ids"
        ? { mode: "ids", ids: selection.ids }
        : {
            mode: "all",
            reason: reason === "all" ? undefined : reason,
            query,
            excludedIds: selection.excluded,
          },
      chosen,
    );

  // Offered while some numbers were never checked; afterwards a quiet note says so.
  const checkButton = !list.isSuccess ? null : unchecked > 0 ? (
    <Button
      variant="default"
      leftSection={<IconPhoneCheck size={16} />}
      onClick={() => setChecking(true)}
      rightSection={
        <Badge size="sm" variant="light">
          {formatNumber(unchecked)}
        </Badge>
      }
    >
      {t("Check line types")}
    </Button>
  ) : (
    <Group gap={6} c="dimmed">
      <IconPhoneCheck size={16} />
      <Text size="sm">{t("Every number's line type is checked")}</Text>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t("Unhealthy Subscribers")}
        description={t(
          "Numbers your texts did not reach in the last {{days}} days, and landlines found by a line-type check.",
          { days: RECENT_DAYS },
        )}
        actions={checkButton}
      />
      <LineCheckModal opened={checking} unchecked={unchecked} onClose={() => setChecking(false)} />

      <ListTable<UnhealthySubscriber>
        frame="bare"
        query={list}
        list={view}
        records={rows}
        total={total}
        nothingYet={nothingAtAll}
        icon={<IconHeartbeat size={28} />}
        failedTitle={t("Unhealthy subscribers could not be loaded")}
        empty={{
          title: t("No unhealthy subscribers"),
          description:
            unchecked > 0
              ? t(
                  "Every number texted in the last {{days}} days received its texts. {{n}} numbers have never had a line-type check, which finds landlines before you text them.",
                  { days: RECENT_DAYS, count: unchecked, n: formatNumber(unchecked) },
                )
              : t(
                  "Every number texted in the last {{days}} days received its texts, and no landline is known.",
                  { days: RECENT_DAYS },
                ),
          action:
            unchecked > 0
              ? { label: t("Check line types"), onClick: () => setChecking(true) }
              : undefined,
        }}
        toolbar={
          <Group justify="space-between" gap="sm" wrap="wrap" align="center">
            <Chip.Group
              multiple={false}
              value={reason}
              onChange={(v) => view.setFilter("reason", v)}
            >
              <Group gap={6} wrap="wrap" aria-label={t("Filter by reason")} role="group">
                <Chip value="all" size="sm">
                  {t("All ({{n}})", { n: formatNumber(allCount) })}
                </Chip>
                {UNHEALTHY_REASONS.map((r) => (
                  <Chip key={r} value={r} size="sm">
                    {translateMessage(UNHEALTHY_REASON_LABELS[r])} ({formatNumber(counts?.[r] ?? 0)}
                    )
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <ListSearch
              label={t("Search unhealthy subscribers")}
              placeholder={t("Search by name or number")}
              value={view.query}
              onSearch={view.setQuery}
              w={{ base: "100%", sm: 260 }}
            />
          </Group>
        }
        bulkBar={
          <BulkBar
            selection={selection}
            total={total}
            pageIds={rows.map((r) => r.id)}
            noun={t("subscribers")}
            countLabel={(n) => t("{{n}} subscribers selected", { count: n, n: formatNumber(n) })}
            onSelectAll={() => setSelection({ mode: "all", excluded: [] })}
            onClear={() => setSelection(NO_SELECTION)}
          >
            <Button
              size="xs"
              color="orange"
              variant="light"
              leftSection={<IconUserOff size={14} />}
              onClick={() => runOnSelection("opt_out")}
              loading={cleanUp.isPending}
            >
              {t("Opt out")}
            </Button>
            <Button
              size="xs"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => runOnSelection("delete")}
              loading={cleanUp.isPending}
            >
              {t("Delete")}
            </Button>
          </BulkBar>
        }
        selection={{
          value: selection,
          onChange: setSelection,
          label: (r) => formatUsNumber(r.phone),
        }}
        testId="unhealthy-table"
        columns={[
          {
            accessor: "phone",
            title: t("Phone"),
            noWrap: true,
            render: (r) => (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {formatUsNumber(r.phone)}
                </Text>
                {/* Small screens: name, reason and last failure here, not in columns. */}
                <Stack gap={4} hiddenFrom="sm" align="flex-start">
                  {fullName(r) && (
                    <Text size="xs" c="dimmed" truncate maw={180}>
                      {fullName(r)}
                    </Text>
                  )}
                  <ReasonBadge reason={r.reason} errorCode={r.errorCode} />
                  <Text size="xs" c="dimmed">
                    {lastFailureText(r, timeZone, t)}
                  </Text>
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "name",
            title: t("Name"),
            visibleMediaQuery: WIDE,
            render: (r) =>
              fullName(r) ? (
                <Text size="sm" truncate maw={220}>
                  {fullName(r)}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("No name")}
                </Text>
              ),
          },
          {
            accessor: "reason",
            title: t("Reason"),
            visibleMediaQuery: WIDE,
            render: (r) => <ReasonBadge reason={r.reason} errorCode={r.errorCode} />,
          },
          {
            accessor: "lastFailureAt",
            title: t("Last failure"),
            noWrap: true,
            visibleMediaQuery: WIDE,
            render: (r) =>
              r.lastFailureAt ? (
                <Stack gap={0}>
                  <Text size="sm">{formatDateTime(r.lastFailureAt, timeZone)}</Text>
                  <Text size="xs" c="dimmed">
                    {failedTexts(r, t)}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("Found by line-type check")}
                </Text>
              ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 60,
            render: (r) => (
              <RowMenu
                name={formatUsNumber(r.phone)}
                items={[
                  {
                    label: t("Opt out"),
                    icon: <IconUserOff size={14} />,
                    onClick: () => run("opt_out", { mode: "ids", ids: [r.id] }, 1),
                  },
                  {
                    label: t("Delete"),
                    icon: <IconTrash size={14} />,
                    onClick: () => run("delete", { mode: "ids", ids: [r.id] }, 1),
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
