import { Alert, Badge, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconDownload, IconHistory, IconShieldCheck, IconShieldX } from "@tabler/icons-react";
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
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCsvExport } from "../../subscriber-exports/api/use-csv-export";
import { auditSearch, useAuditEvents, useAuditVerify } from "../api/audit";

const AUDIT_LIST = defineList({ filters: { action: "", from: "", to: "" } });

/** The action filter: a whole area ("Keyword: any change"), or one named action. */
const ACTION_CHOICES = [
  {
    group: "Any change to",
    items: Object.entries(AUDIT_AREAS)
      .map(([area, noun]) => ({ value: auditAreaFilter(area), label: noun.replace(/:$/, "") }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  },
  {
    group: "One action",
    items: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabel(a) })),
  },
];

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
  const lines = auditChangeLines(changes);
  if (!lines.length) return null;
  return (
    <Stack gap={2}>
      {lines.map((l) => (
        <Text key={l.field} size="xs" style={{ wordBreak: "break-word" }}>
          <Text span size="xs" fw={600}>
            {l.label}:
          </Text>{" "}
          {l.beforeKnown ? `${l.before} → ${l.after}` : `set to ${l.after}`}
        </Text>
      ))}
    </Stack>
  );
}

/** /settings/audit-log: who changed what in the account (the Owner's), with the chain's check. */
export default function AuditLogPage() {
  const view = useListState(AUDIT_LIST, "local:audit-log");
  const timeZone = useAccountTimeZone();
  const filters = { actor: view.query, ...view.filters };
  const list = useAuditEvents(filters, { page: view.page, perPage: Math.min(view.pageSize, 200) });
  const verify = useAuditVerify();
  const csvHref = `/api/audit/export?${auditSearch(filters)}`;
  const csv = useCsvExport();

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Who changed what in this account, and from where: every change made by a person, an API key, an AI assistant or a parent account."
        actions={
          <Button
            leftSection={<IconDownload size={16} />}
            variant="default"
            loading={csv.busy}
            onClick={() => csv.start(csvHref)}
          >
            Export CSV
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
            Verified intact: {verify.data.checked.toLocaleString("en-US")}{" "}
            {verify.data.checked === 1 ? "event" : "events"}, none changed or removed.
          </Alert>
        ) : (
          <Alert mb="md" color="red" icon={<IconShieldX size={18} />} data-testid="audit-broken">
            The log was changed outside Parley: event #{verify.data.firstBroken?.id} does not follow
            from the one before it.
          </Alert>
        ))}
      <ListTable<AuditEventDto>
        query={list}
        list={view}
        records={list.data?.rows ?? []}
        total={list.data?.total}
        icon={<IconHistory size={28} />}
        failedTitle="The audit log could not be loaded"
        empty={{
          title: "Nothing recorded yet",
          description:
            "Every change made in this account (settings, campaigns, keywords, subscribers, users, keys, billing…) appears here.",
        }}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ListSearch
              label="Search by person or key"
              value={view.query}
              onSearch={view.setQuery}
            />
            <Select
              label="Action"
              placeholder="Any action"
              clearable
              searchable
              data={ACTION_CHOICES}
              value={view.filters.action || null}
              onChange={(v) => view.setFilter("action", v)}
              w={220}
            />
            <TextInput
              label="From"
              type="date"
              value={view.filters.from}
              onChange={(e) => view.setFilter("from", e.currentTarget.value)}
              w={160}
            />
            <TextInput
              label="To"
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
            title: "When",
            render: (e) => formatDateTime(e.at, timeZone),
          },
          {
            accessor: "actorName",
            title: "Who",
            render: (e) => (
              <>
                <Text size="sm" fw={600}>
                  {e.actorName}
                </Text>
                <Badge size="xs" variant="light">
                  {AUDIT_ACTOR_LABEL[e.actorKind as AuditActorKind] ?? e.actorKind}
                </Badge>
              </>
            ),
          },
          {
            accessor: "action",
            title: "Action",
            render: (e) => (
              <>
                <Text size="sm" title={e.action}>
                  {auditActionLabel(e.action)}
                </Text>
                <Text size="xs" c="dimmed">
                  {targetText(e) ? `${targetText(e)} · ${e.action}` : e.action}
                </Text>
              </>
            ),
          },
          {
            accessor: "changes",
            title: "Changes",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (e) => <Changes changes={e.changes} />,
          },
          {
            accessor: "ip",
            title: "From",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            render: (e) => e.ip ?? "",
          },
        ]}
      />
    </>
  );
}
