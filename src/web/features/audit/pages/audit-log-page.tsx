import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconDownload, IconHistory, IconShieldCheck, IconShieldX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_LABEL,
  AUDIT_AREAS,
  type AuditActorKind,
  type AuditEventDto,
  auditActionLabel,
  auditAreaFilter,
  auditChangeLines,
} from "../../../../domain/audit";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, intlLocale, translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCsvExport } from "../../subscriber-exports/api/use-csv-export";
import { auditSearch, useAuditEvents, useAuditVerify } from "../api/audit";

const AUDIT_LIST = defineList({ filters: { action: "", from: "", to: "" } });

/**
 * The action filter: a whole area ("Keyword: any change"), or one named action, in the active
 * language (the domain's names through translateMessage).
 */
function actionChoices(t: TFunction) {
  return [
    {
      group: t("Any change to"),
      items: Object.entries(AUDIT_AREAS)
        .map(([area, noun]) => ({
          value: auditAreaFilter(area),
          label: translateMessage(noun).replace(/:$/, ""),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, intlLocale())),
    },
    {
      group: t("One action"),
      items: AUDIT_ACTIONS.map((a) => ({ value: a, label: translateMessage(auditActionLabel(a)) })),
    },
  ];
}

/** What the row changed, under its action: its name, else its id. */
function targetText(e: AuditEventDto): string | null {
  if (e.targetLabel) return e.targetLabel;
  if (e.targetId) return `#${e.targetId}`;
  return null;
}

/**
 * One line per changed field: "Label: old → new", values in words rather than JSON; "Label: set
 * to new" where only the new value was recorded.
 */
function Changes({ changes }: { changes: Record<string, unknown> }) {
  const { t } = useTranslation();
  const lines = auditChangeLines(changes);
  if (!lines.length) return null;
  return (
    <Stack gap={2}>
      {lines.map((l) => (
        <Text key={l.field} size="xs" style={{ wordBreak: "break-word" }}>
          <Text span size="xs" fw={600}>
            {l.label}:
          </Text>{" "}
          {l.beforeKnown ? `${l.before} → ${l.after}` : t("set to {{value}}", { value: l.after })}
        </Text>
      ))}
    </Stack>
  );
}

/** /settings/audit-log: who changed what in the account (the Owner's), with the chain's check. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const view = useListState(AUDIT_LIST, "local:audit-log");
  const timeZone = useAccountTimeZone();
  const filters = { actor: view.query, ...view.filters };
  const list = useAuditEvents(filters, { page: view.page, perPage: Math.min(view.pageSize, 200) });
  const verify = useAuditVerify();
  const csvHref = `/api/audit/export?${auditSearch(filters)}`;
  const csv = useCsvExport();
  // Made once per language: a new list each render would set the searchable Select going again.
  const choices = useMemo(() => actionChoices(t), [t]);

  return (
    <>
      <PageHeader
        title={t("Audit Log")}
        description={t(
          "Who changed what in this account, and from where: every change made by a person, an API key, an AI assistant or a parent account.",
        )}
        actions={
          <Button
            leftSection={<IconDownload size={16} />}
            variant="default"
            loading={csv.busy}
            onClick={() => csv.start(csvHref)}
          >
            {t("Export CSV")}
          </Button>
        }
      />
      {verify.data &&
        (verify.data.ok ? (
          <Alert
            mb="md"
            color="green"
            icon={<IconShieldCheck size={18} />}
            data-testid="audit-verified"
          >
            {t("Verified intact: {{n}} events, none changed or removed.", {
              count: verify.data.checked,
              n: formatNumber(verify.data.checked),
            })}
          </Alert>
        ) : (
          <Alert mb="md" color="red" icon={<IconShieldX size={18} />} data-testid="audit-broken">
            {t(
              "The log was changed outside Parley: event #{{id}} does not follow from the one before it.",
              { id: verify.data.firstBroken?.id },
            )}
          </Alert>
        ))}
      <ListTable<AuditEventDto>
        // Its rows hold no control: on a phone the table scrolls sideways from the keyboard.
        focusableScroll
        query={list}
        list={view}
        records={list.data?.rows ?? []}
        total={list.data?.total}
        icon={<IconHistory size={28} />}
        failedTitle={t("The audit log could not be loaded")}
        empty={{
          title: t("Nothing recorded yet"),
          description: t(
            "Every change made in this account (settings, campaigns, keywords, subscribers, users, keys, billing…) appears here.",
          ),
        }}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ListSearch
              label={t("Search by person or key")}
              value={view.query}
              onSearch={view.setQuery}
            />
            <Select
              label={t("Action")}
              placeholder={t("Any action")}
              clearable
              searchable
              data={choices}
              value={view.filters.action || null}
              onChange={(v) => view.setFilter("action", v)}
              w={220}
            />
            <TextInput
              label={t("From")}
              type="date"
              value={view.filters.from}
              onChange={(e) => view.setFilter("from", e.currentTarget.value)}
              w={160}
            />
            <TextInput
              label={t("To")}
              type="date"
              value={view.filters.to}
              onChange={(e) => view.setFilter("to", e.currentTarget.value)}
              w={160}
            />
          </Group>
        }
        rowAttributes={() => ({ "data-testid": "audit-row" })}
        columns={[
          {
            accessor: "at",
            title: t("When"),
            render: (e) => formatDateTime(e.at, timeZone),
          },
          {
            accessor: "actorName",
            title: t("Who"),
            render: (e) => (
              <>
                <Text size="sm" fw={600}>
                  {e.actorName}
                </Text>
                <Badge size="xs" variant="light">
                  {translateMessage(
                    AUDIT_ACTOR_LABEL[e.actorKind as AuditActorKind] ?? e.actorKind,
                  )}
                </Badge>
              </>
            ),
          },
          {
            accessor: "action",
            title: t("Action"),
            render: (e) => (
              <>
                <Text size="sm" title={e.action}>
                  {translateMessage(auditActionLabel(e.action))}
                </Text>
                <Text size="xs" c="dimmed">
                  {targetText(e) ? `${targetText(e)} · ${e.action}` : e.action}
                </Text>
              </>
            ),
          },
          {
            accessor: "changes",
            title: t("Changes"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (e) => <Changes changes={e.changes} />,
          },
          {
            accessor: "ip",
            title: t("From"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            render: (e) => e.ip ?? "",
          },
        ]}
      />
    </>
  );
}
