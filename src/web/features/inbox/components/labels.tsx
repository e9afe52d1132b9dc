import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconTag, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  INBOX_TOOLS_TEXT,
  type InboxLabel,
  LABEL_COLORS,
  type LabelColor,
} from "../../../../domain/inbox-tools";
import { notify } from "../../../lib/notify";
import { useCreateLabel, useDeleteLabel, useLabels, useSetLabels } from "../api/inbox-tools-api";

export function LabelDot({ color }: { color: string }) {
  return <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={10} withShadow={false} />;
}

export function LabelBadges({ labels, size = "xs" }: { labels: InboxLabel[]; size?: "xs" | "sm" }) {
  return (
    <>
      {labels.map((l) => (
        <Badge
          key={l.id}
          size={size}
          variant="light"
          color={l.color}
          leftSection={<LabelDot color={l.color} />}
          data-testid="conversation-label"
        >
          {l.name}
        </Badge>
      ))}
    </>
  );
}

/** The labels of one conversation: tick to add or remove, or make a new one. */
export function LabelPicker(props: { conversationId: number; current: InboxLabel[] }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const save = useSetLabels(props.conversationId);
  const create = useCreateLabel();
  const remove = useDeleteLabel();
  const [name, setName] = useState("");
  const [color, setColor] = useState<LabelColor>("blue");
  const ids = new Set(props.current.map((l) => l.id));

  const setIds = (next: Set<number>) =>
    save.mutate([...next], { onError: (e) => notify.error(e.message) });
  const add = () => {
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), color },
      {
        onSuccess: (label) => {
          setName("");
          notify.success(t(INBOX_TOOLS_TEXT.labelCreated));
          setIds(new Set([...ids, label.id]));
        },
      },
    );
  };

  return (
    <Popover position="bottom-end" shadow="md" width={280} withinPortal trapFocus>
      <Popover.Target>
        <Tooltip label={t("Labels")}>
          <ActionIcon variant="subtle" color="gray" aria-label={t("Labels")}>
            <IconTag size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="label-picker">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t("Labels")}
          </Text>
          {(labels.data?.rows ?? []).length === 0 && (
            <Text size="xs" c="dimmed">
              {t("No labels yet. Name one below.")}
            </Text>
          )}
          {(labels.data?.rows ?? []).map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" gap={4}>
              <Checkbox
                label={
                  <Group gap={6} wrap="nowrap">
                    <LabelDot color={l.color} />
                    {l.name}
                  </Group>
                }
                checked={ids.has(l.id)}
                disabled={save.isPending}
                onChange={(e) => {
                  const next = new Set(ids);
                  if (e.currentTarget.checked) next.add(l.id);
                  else next.delete(l.id);
                  setIds(next);
                }}
              />
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t("Delete label {{name}}", { name: l.name })}
                onClick={() => remove.mutate(l.id, { onSuccess: (r) => notify.success(r.message) })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Group gap={4} wrap="nowrap" align="flex-end">
            <TextInput
              size="xs"
              label={t("New label")}
              placeholder={t("e.g. VIP")}
              value={name}
              maxLength={40}
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
              style={{ flex: 1 }}
            />
            <Select
              size="xs"
              aria-label={t("Label colour")}
              w={92}
              data={LABEL_COLORS.map((c) => ({ value: c, label: c }))}
              value={color}
              onChange={(v) => v && setColor(v as LabelColor)}
              allowDeselect={false}
              leftSection={<LabelDot color={color} />}
              comboboxProps={{ withinPortal: false }}
            />
          </Group>
          <Button size="xs" onClick={add} disabled={!name.trim()} loading={create.isPending}>
            {t("Add label")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
