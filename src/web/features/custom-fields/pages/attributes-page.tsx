import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconEdit, IconPlus, IconTags, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useDeleteCustomField } from "../api/delete-custom-field";
import { useCustomFields } from "../api/list-custom-fields";
import { CustomFieldModal } from "../components/custom-field-modal";
import { FieldDetails } from "../components/field-details";
import { FIELD_TYPES } from "../components/field-types";

const ATTRIBUTES_LIST = defineList({});

/** /subscribers/attributes: the account's custom fields (spec doc 2 §3), created and kept here. */
export default function AttributesPage() {
  const { t } = useTranslation();
  const view = useListState(ATTRIBUTES_LIST, "local:attributes");
  const list = useCustomFields({ ...view.paging, query: view.query });
  const remove = useDeleteCustomField();
  const [modal, setModal] = useState<{ opened: boolean; editing: CustomField | null }>({
    opened: false,
    editing: null,
  });
  const openNew = () => setModal({ opened: true, editing: null });
  const openEdit = (f: CustomField) => setModal({ opened: true, editing: f });

  const confirmDelete = (f: CustomField) =>
    modals.openConfirmModal({
      title: t("Delete attribute"),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="Delete the attribute <0>{{name}}</0>?"
              values={{ name: f.name }}
              components={[<b key="name" />]}
            />
          </Text>
          <Text size="sm">
            {t(
              "The values stored for your subscribers in this attribute are lost, and cannot be brought back.",
            )}
          </Text>
        </Stack>
      ),
      labels: { confirm: t("Delete attribute"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        // The last row of a later page gone, the list table steps back to a page that has rows.
        remove.mutate(f.id, {
          onSuccess: () => notify.success(t("Attribute '{{name}}' deleted", { name: f.name })),
        }),
    });

  const total = list.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t("Attributes")}
        description={t(
          "Custom fields that hold extra details about each subscriber. Use them to filter subscribers and to build adaptive groups.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            {t("New attribute")}
          </Button>
        }
      />
      <ListTable<CustomField>
        query={list}
        list={view}
        records={list.data?.rows ?? []}
        total={total}
        icon={<IconTags size={28} />}
        failedTitle={t("Attributes could not be loaded")}
        empty={{
          title: t("No attributes yet"),
          description: t(
            "Add a field such as Birthday, Favorite Drink or Address to keep more than a name and number for each subscriber.",
          ),
          action: { label: t("New attribute"), onClick: openNew },
        }}
        toolbar={
          <ListSearch label={t("Search attributes")} value={view.query} onSearch={view.setQuery} />
        }
        onRowDoubleClick={openEdit}
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            render: (f) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {f.name}
                </Text>
                {/* Small screens have no Type column: say it here. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {t(FIELD_TYPES[f.type].label)}
                  {f.type === "multi_select"
                    ? ` · ${t("{{n}} options", { count: f.options.length, n: formatNumber(f.options.length) })}`
                    : ""}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "type",
            title: t("Type"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (f) => (
              <Badge
                variant="light"
                color={FIELD_TYPES[f.type].color}
                leftSection={FIELD_TYPES[f.type].icon(12)}
                tt="none"
              >
                {t(FIELD_TYPES[f.type].label)}
              </Badge>
            ),
          },
          {
            accessor: "options",
            title: t("Details"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (f) => <FieldDetails field={f} />,
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 96,
            render: (f) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t("Edit")} withArrow>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => openEdit(f)}
                    aria-label={t("Edit {{name}}", { name: f.name })}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t("Delete")} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => confirmDelete(f)}
                    aria-label={t("Delete {{name}}", { name: f.name })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <CustomFieldModal
        opened={modal.opened}
        editing={modal.editing}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
      />
    </>
  );
}
