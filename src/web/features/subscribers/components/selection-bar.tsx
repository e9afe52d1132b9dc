import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { IconDownload, IconTrash, IconUserMinus, IconUserPlus, IconX } from "@tabler/icons-react";
import { pageFullySelected, type Selection, selectedCount } from "../lib/selection";

export type BulkKind = "add-to-group" | "remove-from-group" | "delete" | "export";

/**
 * Shown while rows are selected: how many, the offer to select every match once the whole page
 * is ticked, and the bulk actions.
 */
export function SelectionBar(props: {
  selection: Selection;
  total: number;
  pageIds: number[];
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
}) {
  const count = selectedCount(props.selection, props.total);
  if (count === 0) return null;
  const all = props.selection.mode === "all";
  const offerAll = !all && pageFullySelected(props.selection, props.pageIds) && props.total > count;
  const excluded = all ? (props.selection as { excluded: number[] }).excluded.length : 0;

  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      mb="sm"
      bg="var(--mantine-primary-color-light)"
      data-testid="selection-bar"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} data-testid="selected-count">
            {count.toLocaleString()} selected
          </Text>
          {offerAll && (
            <Text size="sm">
              All {props.pageIds.length} on this page are selected.{" "}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={props.onSelectAll}
              >
                Select all {props.total.toLocaleString()} matching
              </Anchor>
            </Text>
          )}
          {all && (
            <Text size="sm">
              All {props.total.toLocaleString()} matching subscribers
              {excluded > 0 ? ` except ${excluded.toLocaleString()} unticked` : ""}.
            </Text>
          )}
        </Group>
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUserPlus size={14} />}
            disabled={props.busy}
            onClick={() => props.onAction("add-to-group")}
          >
            Add to Group
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconUserMinus size={14} />}
            disabled={props.busy}
            onClick={() => props.onAction("remove-from-group")}
          >
            Remove from Group
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            disabled={props.busy}
            onClick={() => props.onAction("export")}
          >
            Export
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            disabled={props.busy}
            onClick={() => props.onAction("delete")}
          >
            Delete
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={props.onClear}
          >
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
