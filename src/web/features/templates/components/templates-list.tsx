import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import {
  IconEdit,
  IconInfoCircle,
  IconLink,
  IconPlus,
  IconSearch,
  IconTemplate,
  IconTrash,
} from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { TEMPLATE_TEXTS, type Template } from "../../../../domain/templates";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import {
  useAddStarterTemplates,
  useDeleteTemplate,
  useTemplates,
} from "../../../components/message-tools/api";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { tablePagination } from "../../../lib/table-pagination";
import { usePageSize } from "../../../lib/use-page-size";
import { templatePaths } from "../template-paths";

/** The list of templates (plain or controlled): search, paging, edit, delete with confirmation. */
export function TemplatesList(props: { kind: "plain" | "controlled" }) {
  const { kind } = props;
  const paths = templatePaths(kind);
  const navigate = useNavigate();
  const tz = useAccountTimeZone();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize(
    kind === "plain" ? "mt" : "local:controlled-templates",
  );
  const list = useTemplates(kind, { page: page - 1, pageSize, query });
  const remove = useDeleteTemplate(kind);
  const starters = useAddStarterTemplates();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const canEdit = list.data?.canEdit ?? kind === "plain";
  const nothingYet = list.isSuccess && total === 0 && !query;
  const title = kind === "plain" ? "Templates" : "Controlled Templates";

  const askDelete = (t: Template) =>
    modals.openConfirmModal({
      title: "Delete template",
      children: (
        <Text size="sm">
          Delete the template <b>{t.name}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: "Delete template", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(t.id, {
          onSuccess: () => {
            notify.success(TEMPLATE_TEXTS.deleted);
            if (rows.length === 1 && page > 1) setPage(page - 1);
          },
        }),
    });

  const addButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} />} component={Link} to={paths.create}>
      {kind === "plain" ? "Add Template" : "Add Controlled Template"}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={title}
        description={
          kind === "plain"
            ? "Messages you send often, ready to insert in the composer."
            : "Templates your parent account sets for every child account; a template may require a link."
        }
        actions={addButton}
      />
      {kind === "controlled" && list.isSuccess && !canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} mb="md" variant="light">
          {TEMPLATE_TEXTS.controlledReadOnly}
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <LoadFailed
            icon={<IconTemplate size={28} />}
            title={`${title} could not be loaded`}
            query={list}
          />
        ) : nothingYet ? (
          <Stack align="center" gap={0}>
            <EmptyState
              icon={<IconTemplate size={28} />}
              title={TEMPLATE_TEXTS.emptyList}
              description={
                kind === "plain"
                  ? "Start from our five starter templates (introduction, promotion, coupon, thank you, check-in) or write your own."
                  : canEdit
                    ? "Add the templates your child accounts may send."
                    : "Your parent account has not added any controlled templates yet."
              }
              action={
                canEdit
                  ? { label: "Add Template", onClick: () => navigate(paths.create) }
                  : undefined
              }
            />
            {kind === "plain" && (
              <Button
                variant="light"
                mb="xl"
                loading={starters.isPending}
                onClick={() =>
                  starters.mutate(undefined, {
                    onSuccess: () => notify.success("Starter templates added"),
                  })
                }
              >
                Add starter templates
              </Button>
            )}
          </Stack>
        ) : (
          <Stack gap="sm">
            <TextInput
              placeholder="Search templates"
              aria-label="Search templates"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              maw={{ sm: 320 }}
            />
            <DataTable<Template>
              records={rows}
              idAccessor="id"
              fetching={list.isFetching && list.isPlaceholderData}
              minHeight={rows.length ? undefined : 180}
              noRecordsText={TEMPLATE_TEXTS.emptyList}
              {...tablePagination({ total, page, setPage, pageSize, setPageSize })}
              verticalSpacing="sm"
              highlightOnHover
              columns={[
                {
                  accessor: "name",
                  title: "Name",
                  render: (t) => (
                    <Stack gap={2}>
                      {canEdit ? (
                        <Anchor component={Link} to={paths.edit(t.id)} size="sm" fw={600}>
                          {t.name}
                        </Anchor>
                      ) : (
                        <Text size="sm" fw={600}>
                          {t.name}
                        </Text>
                      )}
                      {/* Small screens have no Message column: the text goes under the name. */}
                      <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm">
                        {t.message || "(image only)"}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  accessor: "message",
                  title: "Message",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (t) => (
                    <Text size="sm" c="dimmed" lineClamp={2} maw={520}>
                      {t.message || "(image only)"}
                    </Text>
                  ),
                },
                {
                  accessor: "isMMS",
                  title: "Type",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (t) => (
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light" color={t.isMMS ? "grape" : "blue"} tt="none">
                        {t.isMMS ? "MMS" : "SMS"}
                      </Badge>
                      {t.requiresLink && (
                        <Badge variant="outline" tt="none" leftSection={<IconLink size={12} />}>
                          Link required
                        </Badge>
                      )}
                    </Group>
                  ),
                },
                {
                  accessor: "updatedAt",
                  title: "Updated",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                  render: (t) => (
                    <Text size="sm" c="dimmed">
                      {formatDateTime(t.updatedAt, tz)}
                    </Text>
                  ),
                },
                {
                  accessor: "actions",
                  title: <VisuallyHidden>Actions</VisuallyHidden>,
                  textAlign: "right",
                  width: 64,
                  render: (t) =>
                    canEdit ? (
                      <RowMenu
                        name={t.name}
                        items={[
                          { label: "Edit", icon: <IconEdit size={16} />, to: paths.edit(t.id) },
                          {
                            label: "Delete",
                            icon: <IconTrash size={16} />,
                            onClick: () => askDelete(t),
                            danger: true,
                          },
                        ]}
                      />
                    ) : null,
                },
              ]}
            />
          </Stack>
        )}
      </Paper>
    </>
  );
}
