import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { IconEdit, IconPlus, IconSearch, IconTags, IconTrash } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { TEXT } from "../../../../domain/texts";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { notify } from "../../../lib/notify";
import { tablePagination } from "../../../lib/table-pagination";
import { DEFAULT_PAGE_SIZE } from "../../../lib/use-page-size";
import { useDeleteCustomField } from "../api/delete-custom-field";
import { useCustomFields } from "../api/list-custom-fields";
import { CustomFieldModal } from "../components/custom-field-modal";
import { FieldDetails } from "../components/field-details";
import { FIELD_TYPES } from "../components/field-types";

/** /subscribers/attributes: the account's custom fields (spec doc 2 §3), created and kept here. */
export default function AttributesPage() {
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useCustomFields({ page: page - 1, pageSize, query });
  const remove = useDeleteCustomField();
  const [modal, setModal] = useState<{ opened: boolean; editing: CustomField | null }>({
    opened: false,
    editing: null,
  });
  const openNew = () => setModal({ opened: true, editing: null });
  const openEdit = (f: CustomField) => setModal({ opened: true, editing: f });

  const confirmDelete = (f: CustomField) =>
    modals.openConfirmModal({
      title: "Delete attribute",
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Delete the attribute <b>{f.name}</b>?
          </Text>
          <Text size="sm">
            The values stored for your subscribers in this attribute are lost, and cannot be brought
            back.
          </Text>
        </Stack>
      ),
      labels: { confirm: "Delete attribute", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(f.id, {
          onSuccess: () => {
            notify.success(`Attribute '${f.name}' deleted`);
            // Deleting the last row of a later page: step back to a page that has rows.
            if (list.data && list.data.rows.length === 1 && page > 1) setPage(page - 1);
          },
        }),
    });

  const total = list.data?.total ?? 0;
  const nothingYet = list.isSuccess && total === 0 && !query;

  return (
    <>
      <PageHeader
        title="Attributes"
        description="Custom fields that hold extra details about each subscriber. Use them to filter subscribers and to build adaptive groups."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            New attribute
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <LoadFailed
            icon={<IconTags size={28} />}
            title="Attributes could not be loaded"
            query={list}
          />
        ) : nothingYet ? (
          <EmptyState
            icon={<IconTags size={28} />}
            title="No attributes yet"
            description="Add a field such as Birthday, Favorite Drink or Address to keep more than a name and number for each subscriber."
            action={{ label: "New attribute", onClick: openNew }}
          />
        ) : (
          <Stack gap="sm">
            <TextInput
              placeholder="Search attributes"
              aria-label="Search attributes"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              maw={{ sm: 320 }}
            />
            <DataTable<CustomField>
              records={list.data.rows}
              idAccessor="id"
              fetching={list.isFetching && list.isPlaceholderData}
              minHeight={list.data.rows.length ? undefined : 180}
              noRecordsText={TEXT.emptyTable}
              {...tablePagination({ total, page, setPage, pageSize, setPageSize })}
              verticalSpacing="sm"
              highlightOnHover
              onRowDoubleClick={({ record }) => openEdit(record)}
              columns={[
                {
                  accessor: "name",
                  title: "Name",
                  render: (f) => (
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {f.name}
                      </Text>
                      {/* Small screens have no Type column: say it here. */}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {FIELD_TYPES[f.type].label}
                        {f.type === "multi_select" ? ` · ${f.options.length} options` : ""}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  accessor: "type",
                  title: "Type",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (f) => (
                    <Badge
                      variant="light"
                      color={FIELD_TYPES[f.type].color}
                      leftSection={FIELD_TYPES[f.type].icon(12)}
                      tt="none"
                    >
                      {FIELD_TYPES[f.type].label}
                    </Badge>
                  ),
                },
                {
                  accessor: "options",
                  title: "Details",
                  visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                  render: (f) => <FieldDetails field={f} />,
                },
                {
                  accessor: "actions",
                  title: <VisuallyHidden>Actions</VisuallyHidden>,
                  textAlign: "right",
                  width: 96,
                  render: (f) => (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Edit" withArrow>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => openEdit(f)}
                          aria-label={`Edit ${f.name}`}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => confirmDelete(f)}
                          aria-label={`Delete ${f.name}`}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ),
                },
              ]}
            />
          </Stack>
        )}
      </Paper>
      <CustomFieldModal
        opened={modal.opened}
        editing={modal.editing}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
      />
    </>
  );
}
