import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { FIELD_STATUS, type FieldStatus } from "../../../../domain/signup-page";

export interface FieldRow {
  key: string;
  label: string;
  hint?: string;
  status: FieldStatus;
  /**
   * The phone: always required (an SMS list), so 'Required' stays on; 'Hidden' hides it where the
   * page's link carries the number (domain/signup-page.ts phoneFieldShown).
   */
  alwaysRequired?: boolean;
}

function Row(props: { row: FieldRow; onStatus: (s: FieldStatus) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.row.key,
  });
  const { row } = props;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        background: "var(--mantine-color-body)",
      }}
      data-testid={`field-row-${row.key}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("Drag {{field}} to reorder", { field: row.label })}
            style={{ cursor: "grab", touchAction: "none" }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {row.label}
            </Text>
            {row.hint && (
              <Text size="xs" c="dimmed">
                {row.hint}
              </Text>
            )}
          </div>
        </Group>
        <Group gap="md" wrap="nowrap">
          {/* Each toggle returns the field to "show" when unchecked (spec doc 3 §4). */}
          <Checkbox
            size="xs"
            label={t("Required")}
            checked={
              row.alwaysRequired
                ? row.status !== FIELD_STATUS.hidden
                : row.status === FIELD_STATUS.required
            }
            disabled={row.alwaysRequired}
            onChange={(e) =>
              props.onStatus(e.currentTarget.checked ? FIELD_STATUS.required : FIELD_STATUS.show)
            }
          />
          <Checkbox
            size="xs"
            label={t("Hidden")}
            checked={row.status === FIELD_STATUS.hidden}
            onChange={(e) =>
              props.onStatus(
                e.currentTarget.checked
                  ? FIELD_STATUS.hidden
                  : row.alwaysRequired
                    ? FIELD_STATUS.required
                    : FIELD_STATUS.show,
              )
            }
          />
        </Group>
      </Group>
    </Paper>
  );
}

/** The sign-up page's fields in order: drag (or keyboard: space, arrows) to reorder. */
export function SortableFields(props: {
  rows: FieldRow[];
  onReorder: (keys: string[]) => void;
  onStatus: (key: string, status: FieldStatus) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = props.rows.map((r) => r.key);
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    props.onReorder(
      arrayMove(keys, keys.indexOf(String(e.active.id)), keys.indexOf(String(e.over.id))),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <Stack gap={6}>
          {props.rows.map((row) => (
            <Row key={row.key} row={row} onStatus={(s) => props.onStatus(row.key, s)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
