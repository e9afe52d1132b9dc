import {
  ActionIcon,
  Button,
  Checkbox,
  FileButton,
  Group,
  Menu,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconPhoto, IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type {
  AutomationGraph,
  AutomationStep,
  ConditionSpec,
  StepType,
  WaitSpec,
} from "../../../../domain/automation-graph";
import { offeredGroups } from "../../../../domain/group-choices";
import { uploadResponse } from "../../../../domain/message-compose.schemas";
import {
  evenShares,
  outletsOf,
  STEP_LABELS,
  TRIGGER_NODE,
  targetOf,
} from "../../../../domain/workflow-builder";
import { MessageEditor } from "../../../components/message-editor/message-editor";
import { tk, translateMessage } from "../../../i18n";
import { api } from "../../../lib/api-client";

export interface Option {
  value: string;
  label: string;
}

export interface PanelOptions {
  groups: (Option & { hidden: boolean })[];
  fields: Option[];
  users: Option[];
}

/** Step types offered in the "add a step" menus, in the order a person thinks of them. */
export const ADDABLE: StepType[] = [
  "send",
  "wait",
  "wait_reply",
  "condition",
  "split",
  "add_group",
  "remove_group",
  "set_field",
  "assign",
  "notify_email",
  "webhook",
  "end",
];

export function AddStepMenu(props: {
  label: string;
  onPick: (type: StepType) => void;
  size?: "xs" | "sm";
}) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size={props.size ?? "xs"} variant="light" leftSection={<IconPlus size={14} />}>
          {props.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ADDABLE.map((type) => (
          <Menu.Item key={type} onClick={() => props.onPick(type)}>
            {translateMessage(STEP_LABELS[type])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Where each outlet of a step (or the trigger) leads, and a new step on any of them. */
export function OutletsEditor(props: {
  graph: AutomationGraph;
  sourceId: string;
  step: AutomationStep | null;
  titleOf: (id: string) => string;
  onConnect: (handle: string, target: string | null) => void;
  onAdd: (handle: string, type: StepType) => void;
}) {
  const { t } = useTranslation();
  const outlets = props.step ? outletsOf(props.step) : [{ handle: "next", label: null }];
  if (!outlets.length) return null;
  const targets = props.graph.steps
    .filter((s) => s.id !== props.sourceId)
    .map((s) => ({ value: s.id, label: props.titleOf(s.id) }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t("Then")}
      </Text>
      {outlets.map((o) => {
        const to = props.step ? targetOf(props.step, o.handle) : props.graph.start;
        // The outlets' names are src/domain's ("Yes", "Replied", "A · 50%"); the trigger's one
        // outlet is the first step.
        const label = !props.step
          ? t("First step")
          : o.label
            ? translateMessage(o.label)
            : t("Next step");
        return (
          <Stack key={o.handle} gap={4}>
            <Select
              label={label}
              aria-label={t("{{label}}: goes to", { label })}
              placeholder={t("Nowhere yet")}
              data={targets}
              value={to && props.graph.steps.some((s) => s.id === to) ? to : null}
              onChange={(v) => props.onConnect(o.handle, v)}
              clearable={props.sourceId !== TRIGGER_NODE}
              size="xs"
              comboboxProps={{ withinPortal: true }}
            />
            <Group>
              <AddStepMenu
                label={t('Add a step on "{{label}}"', { label })}
                onPick={(type) => props.onAdd(o.handle, type)}
              />
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}

const UNITS = [
  { value: "minutes", label: tk("Minutes") },
  { value: "hours", label: tk("Hours") },
  { value: "days", label: tk("Days") },
];

function WaitFields(props: { wait: WaitSpec; onChange: (w: WaitSpec) => void }) {
  const { t } = useTranslation();
  const w = props.wait;
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={w.mode}
        onChange={(m) =>
          props.onChange(
            m === "delay"
              ? { mode: "delay", amount: 1, unit: "days", weekdaysOnly: w.weekdaysOnly }
              : { mode: "time_of_day", days: 0, time: "09:00", weekdaysOnly: w.weekdaysOnly },
          )
        }
        data={[
          { value: "delay", label: t("For a while") },
          { value: "time_of_day", label: t("Until a time") },
        ]}
      />
      {w.mode === "delay" ? (
        <Group grow gap="xs">
          <NumberInput
            label={t("Wait")}
            min={0}
            max={100000}
            value={w.amount}
            onChange={(v) => props.onChange({ ...w, amount: typeof v === "number" ? v : 0 })}
          />
          <Select
            label={t("Unit")}
            data={UNITS.map((u) => ({ value: u.value, label: t(u.label) }))}
            value={w.unit}
            allowDeselect={false}
            onChange={(v) => v && props.onChange({ ...w, unit: v as "minutes" | "hours" | "days" })}
          />
        </Group>
      ) : (
        <Group grow gap="xs">
          <NumberInput
            label={t("After whole days")}
            min={0}
            max={3650}
            value={w.days}
            onChange={(v) => props.onChange({ ...w, days: typeof v === "number" ? v : 0 })}
          />
          <TextInput
            label={t("Until (their time)")}
            type="time"
            value={w.time}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (/^([01]\d|2[0-3]):[0-5]\d$/.test(v)) props.onChange({ ...w, time: v });
            }}
          />
        </Group>
      )}
      <Checkbox
        label={t("Weekdays only")}
        checked={w.weekdaysOnly}
        onChange={(e) => props.onChange({ ...w, weekdaysOnly: e.currentTarget.checked })}
      />
    </Stack>
  );
}

function ConditionFields(props: {
  condition: ConditionSpec;
  onChange: (c: ConditionSpec) => void;
  options: PanelOptions;
}) {
  const { t } = useTranslation();
  const c = props.condition;
  return (
    <Stack gap="xs">
      <Select
        label={t("If the person")}
        allowDeselect={false}
        data={[
          { value: "replied", label: t("has replied") },
          { value: "clicked", label: t("has clicked a link") },
          { value: "in_group", label: t("is in a group") },
          { value: "field_equals", label: t("has a field value") },
        ]}
        value={c.kind}
        onChange={(k) => {
          if (k === "replied" || k === "clicked") props.onChange({ kind: k });
          else if (k === "in_group") props.onChange({ kind: k, groupId: 0 });
          else if (k === "field_equals") props.onChange({ kind: k, fieldId: 0, value: "" });
        }}
      />
      {c.kind === "in_group" && (
        <Select
          label={t("Group")}
          placeholder={t("Choose a group")}
          data={offeredGroups(props.options.groups, c.groupId || null)}
          value={c.groupId ? String(c.groupId) : null}
          onChange={(v) => props.onChange({ ...c, groupId: v ? Number(v) : 0 })}
          searchable
        />
      )}
      {c.kind === "field_equals" && (
        <>
          <Select
            label={t("Field")}
            placeholder={t("Choose a field")}
            data={props.options.fields}
            value={c.fieldId ? String(c.fieldId) : null}
            onChange={(v) => props.onChange({ ...c, fieldId: v ? Number(v) : 0 })}
            searchable
          />
          <TextInput
            label={t("Equals")}
            value={c.value}
            maxLength={500}
            onChange={(e) => props.onChange({ ...c, value: e.currentTarget.value })}
          />
        </>
      )}
    </Stack>
  );
}

function MediaField(props: {
  url: string | undefined;
  onChange: (url: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.set("photo", file, file.name);
      const up = await api.upload("/api/uploads/image", form, { schema: uploadResponse });
      props.onChange(up.fileUrl);
    } catch {
      // The client showed the reason.
    } finally {
      setBusy(false);
    }
  };
  return props.url ? (
    <Group gap="xs" wrap="nowrap">
      <IconPhoto size={16} />
      <Text size="xs" truncate style={{ flex: 1 }}>
        {props.url.split("/").pop()}
      </Text>
      <Tooltip label={t("Remove the picture (back to SMS)")}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("Remove the picture")}
          onClick={() => props.onChange(undefined)}
        >
          <IconX size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  ) : (
    <FileButton onChange={(f) => void upload(f)} accept="image/jpeg,image/png,image/gif,image/bmp">
      {(p) => (
        <Button
          {...p}
          size="xs"
          variant="default"
          leftSection={<IconPhoto size={14} />}
          loading={busy}
        >
          {t("Add a picture (MMS)")}
        </Button>
      )}
    </FileButton>
  );
}

/** The side panel's fields for one step. Each change is applied to the draft at once. */
export function StepFields(props: {
  step: AutomationStep;
  onChange: (s: AutomationStep) => void;
  options: PanelOptions;
}) {
  const { t } = useTranslation();
  const s = props.step;
  const set = props.onChange;
  switch (s.type) {
    case "send":
      return (
        <Stack gap="xs">
          <MessageEditor
            value={s.body}
            onChange={(body) => set({ ...s, body })}
            isMms={Boolean(s.mediaUrl)}
            label={t("Text message")}
            minHeight={100}
            error={s.body.trim() === "" ? t("A text step needs a message") : null}
            attachments={
              s.mediaUrl
                ? [{ url: s.mediaUrl, name: s.mediaUrl.split("/").pop() ?? "", kind: "image" }]
                : []
            }
            onAttachmentsChange={(next) => set({ ...s, mediaUrl: next[0]?.url })}
          />
          <MediaField url={s.mediaUrl} onChange={(mediaUrl) => set({ ...s, mediaUrl })} />
          <Text size="xs" c="dimmed">
            {t("Sent as marketing: quiet hours, frequency caps and opt-outs apply.")}
          </Text>
        </Stack>
      );
    case "wait":
      return <WaitFields wait={s.wait} onChange={(wait) => set({ ...s, wait })} />;
    case "wait_reply": {
      const unitOf =
        s.timeoutMinutes % 1440 === 0 ? "days" : s.timeoutMinutes % 60 === 0 ? "hours" : "minutes";
      const per = { minutes: 1, hours: 60, days: 1440 }[unitOf];
      return (
        <Group grow gap="xs">
          <NumberInput
            label={t("No reply after")}
            min={1}
            max={Math.floor(525600 / per)}
            value={s.timeoutMinutes / per}
            onChange={(v) =>
              set({ ...s, timeoutMinutes: Math.max(1, (typeof v === "number" ? v : 1) * per) })
            }
          />
          <Select
            label={t("Unit")}
            data={UNITS.map((u) => ({ value: u.value, label: t(u.label) }))}
            value={unitOf}
            allowDeselect={false}
            onChange={(u) => {
              const to = { minutes: 1, hours: 60, days: 1440 }[u as "minutes"] ?? 1;
              set({
                ...s,
                timeoutMinutes: Math.min(525600, Math.max(1, (s.timeoutMinutes / per) * to)),
              });
            }}
          />
        </Group>
      );
    }
    case "condition":
      return (
        <ConditionFields
          condition={s.condition}
          onChange={(condition) => set({ ...s, condition })}
          options={props.options}
        />
      );
    case "split": {
      const total = s.branches.reduce((n, b) => n + b.percent, 0);
      return (
        <Stack gap="xs">
          {s.branches.map((b, i) => (
            // Branches are addressed by position (b0…b5): the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Group key={`b${i}`} gap="xs" wrap="nowrap" align="flex-end">
              <NumberInput
                label={t("Branch {{letter}} (%)", { letter: String.fromCharCode(65 + i) })}
                min={1}
                max={100}
                value={b.percent}
                onChange={(v) =>
                  set({
                    ...s,
                    branches: s.branches.map((x, j) =>
                      j === i ? { ...x, percent: typeof v === "number" ? v : 1 } : x,
                    ),
                  })
                }
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("Remove branch {{letter}}", { letter: String.fromCharCode(65 + i) })}
                disabled={s.branches.length <= 2}
                onClick={() => {
                  const rest = s.branches.filter((_, j) => j !== i);
                  const shares = evenShares(rest.length);
                  set({ ...s, branches: rest.map((x, j) => ({ ...x, percent: shares[j]! })) });
                }}
                mb={4}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Text size="xs" c={total === 100 ? "dimmed" : "red.8"}>
            {t("Together {{total}}% (must be 100%)", { total })}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={s.branches.length >= 6}
              onClick={() => {
                const shares = evenShares(s.branches.length + 1);
                set({
                  ...s,
                  branches: [...s.branches, { percent: 0, next: null }].map((x, j) => ({
                    ...x,
                    percent: shares[j]!,
                  })),
                });
              }}
            >
              {t("Add a branch")}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                const shares = evenShares(s.branches.length);
                set({ ...s, branches: s.branches.map((x, j) => ({ ...x, percent: shares[j]! })) });
              }}
            >
              {t("Split evenly")}
            </Button>
          </Group>
        </Stack>
      );
    }
    case "add_group":
    case "remove_group":
      return (
        <Select
          label={t("Group")}
          placeholder={t("Choose a group")}
          data={offeredGroups(props.options.groups, s.groupId || null)}
          value={s.groupId ? String(s.groupId) : null}
          onChange={(v) => set({ ...s, groupId: v ? Number(v) : 0 })}
          searchable
          nothingFoundMessage={t("No group yet")}
        />
      );
    case "set_field":
      return (
        <Stack gap="xs">
          <Select
            label={t("Field")}
            placeholder={t("Choose a field")}
            data={props.options.fields}
            value={s.fieldId ? String(s.fieldId) : null}
            onChange={(v) => set({ ...s, fieldId: v ? Number(v) : 0 })}
            searchable
          />
          <TextInput
            label={t("Value")}
            description={t("Leave empty to clear the field.")}
            value={s.value}
            maxLength={500}
            onChange={(e) => set({ ...s, value: e.currentTarget.value })}
          />
        </Stack>
      );
    case "assign":
      return (
        <Select
          label={t("Assign the conversation to")}
          placeholder={t("Choose a user")}
          data={props.options.users}
          value={s.userId ? String(s.userId) : null}
          onChange={(v) => set({ ...s, userId: v ? Number(v) : 0 })}
          searchable
        />
      );
    case "notify_email":
      return (
        <Stack gap="xs">
          <TextInput
            label={t("E-mail to")}
            type="email"
            value={s.email}
            maxLength={254}
            onChange={(e) => set({ ...s, email: e.currentTarget.value.trim() })}
          />
          <TextInput
            label={t("Subject")}
            value={s.subject}
            maxLength={200}
            onChange={(e) => set({ ...s, subject: e.currentTarget.value })}
          />
        </Stack>
      );
    case "webhook":
      return (
        <TextInput
          label={t("URL (we POST the person and the step as JSON)")}
          placeholder="https://"
          value={s.url}
          maxLength={2000}
          onChange={(e) => set({ ...s, url: e.currentTarget.value.trim() })}
        />
      );
    case "end":
      return (
        <Text size="sm" c="dimmed">
          {t("The person completes the workflow here.")}
        </Text>
      );
  }
}

export function PanelTitle(props: { title: string; onDelete?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={3} size="h5">
        {props.title}
      </Title>
      {props.onDelete && (
        <Tooltip label={t("Delete this step (Delete key)")}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("Delete step")}
            onClick={props.onDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
