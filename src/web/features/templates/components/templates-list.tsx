import { Alert, Anchor, Badge, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconEdit,
  IconInfoCircle,
  IconLink,
  IconPlus,
  IconTemplate,
  IconTrash,
} from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { TEMPLATE_TEXTS, type Template } from "../../../../domain/templates";
import { EmptyState } from "../../../components/empty-state";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import {
  useAddStarterTemplates,
  useDeleteTemplate,
  useTemplates,
} from "../../../components/message-tools/api";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { templatePaths } from "../template-paths";

const TEMPLATES_LIST = defineList({});

/** The list of templates (plain or controlled): search, paging, edit, delete with confirmation. */
export function TemplatesList(props: { kind: "plain" | "controlled" }) {
  const { kind } = props;
  const paths = templatePaths(kind);
  const navigate = useNavigate();
  const tz = useAccountTimeZone();
  const view = useListState(TEMPLATES_LIST, kind === "plain" ? "mt" : "local:controlled-templates");
  const list = useTemplates(kind, { ...view.paging, query: view.query });
  const remove = useDeleteTemplate(kind);
  const starters = useAddStarterTemplates();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const canEdit = list.data?.canEdit ?? kind === "plain";
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
        // The last template of a page gone, the list table moves to the page before.
        remove.mutate(t.id, { onSuccess: () => notify.success(TEMPLATE_TEXTS.deleted) }),
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
      <ListTable<Template>
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconTemplate size={28} />}
        failedTitle={`${title} could not be loaded`}
        noRecordsText={TEMPLATE_TEXTS.emptyList}
        empty={
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
        }
        toolbar={
          <ListSearch label="Search templates" value={view.query} onSearch={view.setQuery} />
        }
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
    </>
  );
}
