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
import { Trans, useTranslation } from "react-i18next";
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
import { translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { templatePaths } from "../template-paths";

const TEMPLATES_LIST = defineList({});

/** The list of templates (plain or controlled): search, paging, edit, delete with confirmation. */
export function TemplatesList(props: { kind: "plain" | "controlled" }) {
  const { t } = useTranslation();
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
  const title = kind === "plain" ? t("Templates") : t("Controlled Templates");

  const askDelete = (template: Template) =>
    modals.openConfirmModal({
      title: t("Delete template"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete the template <0>{{name}}</0>? This cannot be undone."
            values={{ name: template.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete template"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        // The last template of a page gone, the list table moves to the page before.
        remove.mutate(template.id, {
          onSuccess: () => notify.success(translateMessage(TEMPLATE_TEXTS.deleted)),
        }),
    });

  const addButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} />} component={Link} to={paths.create}>
      {kind === "plain" ? t("Add Template") : t("Add Controlled Template")}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={title}
        description={
          kind === "plain"
            ? t("Messages you send often, ready to insert in the composer.")
            : t(
                "Templates your parent account sets for every child account; a template may require a link.",
              )
        }
        actions={addButton}
      />
      {kind === "controlled" && list.isSuccess && !canEdit && (
        <Alert icon={<IconInfoCircle size={16} />} mb="md" variant="light">
          {translateMessage(TEMPLATE_TEXTS.controlledReadOnly)}
        </Alert>
      )}
      <ListTable<Template>
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconTemplate size={28} />}
        failedTitle={
          kind === "plain"
            ? t("Templates could not be loaded")
            : t("Controlled Templates could not be loaded")
        }
        noRecordsText={translateMessage(TEMPLATE_TEXTS.emptyList)}
        empty={
          <Stack align="center" gap={0}>
            <EmptyState
              icon={<IconTemplate size={28} />}
              title={translateMessage(TEMPLATE_TEXTS.emptyList)}
              description={
                kind === "plain"
                  ? t(
                      "Start from our five starter templates (introduction, promotion, coupon, thank you, check-in) or write your own.",
                    )
                  : canEdit
                    ? t("Add the templates your child accounts may send.")
                    : t("Your parent account has not added any controlled templates yet.")
              }
              action={
                canEdit
                  ? { label: t("Add Template"), onClick: () => navigate(paths.create) }
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
                    onSuccess: () => notify.success(t("Starter templates added")),
                  })
                }
              >
                {t("Add starter templates")}
              </Button>
            )}
          </Stack>
        }
        toolbar={
          <ListSearch label={t("Search templates")} value={view.query} onSearch={view.setQuery} />
        }
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            render: (tpl) => (
              <Stack gap={2}>
                {canEdit ? (
                  <Anchor component={Link} to={paths.edit(tpl.id)} size="sm" fw={600}>
                    {tpl.name}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600}>
                    {tpl.name}
                  </Text>
                )}
                {/* Small screens have no Message column: the text goes under the name. */}
                <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm">
                  {tpl.message || t("(image only)")}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "message",
            title: t("Message"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (tpl) => (
              <Text size="sm" c="dimmed" lineClamp={2} maw={520}>
                {tpl.message || t("(image only)")}
              </Text>
            ),
          },
          {
            accessor: "isMMS",
            title: t("Type"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (tpl) => (
              <Group gap={4} wrap="nowrap">
                <Badge variant="light" color={tpl.isMMS ? "grape" : "blue"} tt="none">
                  {tpl.isMMS ? "MMS" : "SMS"}
                </Badge>
                {tpl.requiresLink && (
                  <Badge variant="outline" tt="none" leftSection={<IconLink size={12} />}>
                    {t("Link required")}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: "updatedAt",
            title: t("Updated"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (tpl) => (
              <Text size="sm" c="dimmed">
                {formatDateTime(tpl.updatedAt, tz)}
              </Text>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (tpl) =>
              canEdit ? (
                <RowMenu
                  name={tpl.name}
                  items={[
                    { label: t("Edit"), icon: <IconEdit size={16} />, to: paths.edit(tpl.id) },
                    {
                      label: t("Delete"),
                      icon: <IconTrash size={16} />,
                      onClick: () => askDelete(tpl),
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
