import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconRoute, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  type DripStep,
  dripToGraph,
  graphToDrip,
  type WaitSpec,
} from "../../../../domain/automation-graph";
import {
  type AutomationDetail,
  type AutomationTrigger,
  TRIGGER_LABELS,
} from "../../../../domain/automations.schemas";
import { offeredGroups } from "../../../../domain/group-choices";
import { countSegments } from "../../../../domain/segments";
import { FullPageLoader } from "../../../components/full-page-loader";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useAutomation, useSaveAutomation, useSetAutomationStatus } from "../api/automations";
import { useDateFieldOptions, useGroupOptions, useNumberOptions } from "../api/pickers";

const LIST = "/messages/drip-campaigns";
const DRIP_TRIGGERS = [
  "group.joined",
  "keyword.joined",
  "form.submitted",
  "optin_form.submitted",
  "date_field",
] as const;
type DripTrigger = (typeof DRIP_TRIGGERS)[number];

/** A step with a key that stays with it on screen (steps are added and removed). */
type KeyedStep = DripStep & { key: number };
let nextKey = 1;
const keyed = (s: DripStep): KeyedStep => ({ ...s, key: nextKey++ });

const FIRST_STEP: DripStep = {
  wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
  body: "",
};
const NEXT_STEP: DripStep = {
  wait: { mode: "delay", amount: 1, unit: "days", weekdaysOnly: false },
  body: "",
};

/** /messages/drip-campaigns/edit (?id= to edit one). */
export default function EditDripPage() {
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const existing = useAutomation(id);
  if (id !== null && existing.isPending) return <FullPageLoader />;
  if (id !== null && existing.isError)
    return (
      <LoadFailed
        icon={<IconRoute size={28} />}
        title="This drip campaign could not be loaded"
        query={existing}
      />
    );
  return <DripForm initial={existing.data ?? null} />;
}

function DripForm(props: { initial: AutomationDetail | null }) {
  const a = props.initial;
  const navigate = useNavigate();
  const groups = useGroupOptions();
  const numbers = useNumberOptions();
  const dateFields = useDateFieldOptions();
  const save = useSaveAutomation();
  const setStatus = useSetAutomationStatus();
  const [name, setName] = useState(a?.name ?? "");
  const t = a?.trigger;
  const [triggerType, setTriggerType] = useState<DripTrigger>(
    (DRIP_TRIGGERS as readonly string[]).includes(t?.type ?? "")
      ? (t?.type as DripTrigger)
      : "group.joined",
  );
  const [groupId, setGroupId] = useState<string | null>(
    t?.type === "group.joined" ? String(t.groupId) : null,
  );
  const [fieldId, setFieldId] = useState<string | null>(
    t?.type === "date_field" ? String(t.fieldId) : null,
  );
  const [repeat, setRepeat] = useState<"yearly" | "once">(
    t?.type === "date_field" ? t.repeat : "yearly",
  );
  const [daysBefore, setDaysBefore] = useState<number>(t?.type === "date_field" ? t.daysBefore : 0);
  const [numberId, setNumberId] = useState<string | null>(
    a?.phoneNumberId ? String(a.phoneNumberId) : null,
  );
  const [exitOnReply, setExitOnReply] = useState(a?.exitOnReply ?? true);
  const [exitOnLeave, setExitOnLeave] = useState(a?.exitOnGroupLeave ?? true);
  const [steps, setSteps] = useState<KeyedStep[]>(() => {
    const read = a ? graphToDrip(a.graph) : [];
    return (read.length ? read : [FIRST_STEP]).map(keyed);
  });
  const [moveRuns, setMoveRuns] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const trigger = (): AutomationTrigger | string => {
    switch (triggerType) {
      case "group.joined":
        return groupId
          ? { type: "group.joined", groupId: Number(groupId) }
          : "Choose the group people join";
      case "date_field":
        return fieldId
          ? { type: "date_field", fieldId: Number(fieldId), repeat, daysBefore }
          : "Choose the date field";
      case "keyword.joined":
        return { type: "keyword.joined", keywordId: null };
      case "optin_form.submitted":
        return { type: "optin_form.submitted", formId: null };
      default:
        return { type: "form.submitted" };
    }
  };

  const update = (i: number, s: Partial<DripStep>) =>
    setSteps((all) => all.map((x, j) => (j === i ? { ...x, ...s } : x)));
  const updateWait = (i: number, w: Partial<WaitSpec>) =>
    setSteps((all) =>
      all.map((x, j) => (j === i ? { ...x, wait: { ...x.wait, ...w } as WaitSpec } : x)),
    );

  const submit = (activate: boolean) => {
    setError(null);
    const trig = trigger();
    if (!name.trim()) return setError("Name is required");
    if (typeof trig === "string") return setError(trig);
    const empty = steps.findIndex((s) => !s.body.trim());
    if (empty >= 0) return setError(`Write the text of step ${empty + 1}`);
    save.mutate(
      {
        id: a?.id ?? null,
        moveRuns,
        body: {
          kind: "drip",
          name,
          trigger: trig,
          graph: dripToGraph(steps.map(({ key: _key, ...step }) => step)),
          phoneNumberId: numberId ? Number(numberId) : null,
          exitOnReply,
          exitOnGroupLeave: exitOnLeave,
        },
      },
      {
        onSuccess: (saved) => {
          const done = () => {
            notify.success(activate ? `${saved.name} is running` : "Drip campaign saved");
            navigate(LIST);
          };
          if (activate && saved.status !== "active")
            setStatus.mutate(
              { id: saved.id, status: "active" },
              {
                onSuccess: done,
                onError: (e) => setError(e instanceof ApiError ? e.message : "Could not start it"),
              },
            );
          else done();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : "Could not save"),
      },
    );
  };

  return (
    <>
      <PageHeader title={a ? "Edit Drip Campaign" : "Create Drip Campaign"} />
      <Stack gap="md" maw={760}>
        <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
          <Stack gap="md">
            <TextInput
              label="Name"
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              placeholder="Welcome series"
            />
            <Select
              label="Start when someone"
              data={DRIP_TRIGGERS.map((v) => ({ value: v, label: TRIGGER_LABELS[v] }))}
              value={triggerType}
              onChange={(v) => v && setTriggerType(v as DripTrigger)}
              allowDeselect={false}
            />
            {triggerType === "group.joined" && (
              <Select
                label="Group"
                placeholder={groups.data?.length === 0 ? "No static groups yet" : "Choose a group"}
                data={offeredGroups(groups.data, groupId)}
                value={groupId}
                onChange={setGroupId}
                searchable
              />
            )}
            {triggerType === "date_field" && (
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Date field"
                  placeholder={
                    dateFields.data?.length === 0 ? "No date fields yet" : "Choose a field"
                  }
                  data={dateFields.data ?? []}
                  value={fieldId}
                  onChange={setFieldId}
                />
                <Select
                  label="Repeat"
                  data={[
                    { value: "yearly", label: "Every year (birthday)" },
                    { value: "once", label: "Once, on the date" },
                  ]}
                  value={repeat}
                  onChange={(v) => v && setRepeat(v as "yearly" | "once")}
                  allowDeselect={false}
                />
                <NumberInput
                  label="Days before"
                  min={0}
                  max={365}
                  value={daysBefore}
                  onChange={(v) => setDaysBefore(Number(v) || 0)}
                  w={120}
                />
              </Group>
            )}
            {(triggerType === "keyword.joined" || triggerType === "optin_form.submitted") && (
              <Text size="sm" c="dimmed">
                Anyone who{" "}
                {triggerType === "keyword.joined"
                  ? "joins by any keyword"
                  : "submits any opt-in form"}{" "}
                enters.
              </Text>
            )}
            <Select
              label="Send from"
              placeholder="The account's main number"
              data={numbers.data ?? []}
              value={numberId}
              onChange={setNumberId}
              clearable
            />
            <Group gap="lg">
              <Switch
                label="Stop when they reply"
                checked={exitOnReply}
                onChange={(e) => setExitOnReply(e.currentTarget.checked)}
              />
              {triggerType === "group.joined" && (
                <Switch
                  label="Stop when they leave the group"
                  checked={exitOnLeave}
                  onChange={(e) => setExitOnLeave(e.currentTarget.checked)}
                />
              )}
            </Group>
            <Text size="xs" c="dimmed">
              People who opt out leave at once. Texts keep to quiet hours and the legal sending
              hours of the recipient.
            </Text>
          </Stack>
        </Paper>

        <Title order={4}>Steps</Title>
        {steps.map((s, i) => (
          <StepCard
            key={s.key}
            index={i}
            step={s}
            onBody={(body) => update(i, { body })}
            onWait={(w) => updateWait(i, w)}
            onMode={(mode) =>
              update(i, {
                wait:
                  mode === "delay"
                    ? { mode: "delay", amount: 1, unit: "days", weekdaysOnly: s.wait.weekdaysOnly }
                    : {
                        mode: "time_of_day",
                        days: 1,
                        time: "10:00",
                        weekdaysOnly: s.wait.weekdaysOnly,
                      },
              })
            }
            onRemove={
              steps.length > 1 ? () => setSteps((all) => all.filter((_, j) => j !== i)) : undefined
            }
          />
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setSteps((all) => [...all, keyed(NEXT_STEP)])}
          w="fit-content"
        >
          Add Step
        </Button>

        {a && a.active > 0 && (
          <Checkbox
            label={`Move the ${a.active} people in it to these steps (otherwise they finish the version they started)`}
            checked={moveRuns}
            onChange={(e) => setMoveRuns(e.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={LIST}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => submit(false)} loading={save.isPending}>
            Save
          </Button>
          {a?.status !== "active" && (
            <Button onClick={() => submit(true)} loading={save.isPending || setStatus.isPending}>
              Save and Start
            </Button>
          )}
        </Group>
      </Stack>
    </>
  );
}

function StepCard(props: {
  index: number;
  step: DripStep;
  onBody: (v: string) => void;
  onWait: (w: Partial<WaitSpec>) => void;
  onMode: (mode: "delay" | "time_of_day") => void;
  onRemove?: () => void;
}) {
  const { step, index } = props;
  const w = step.wait;
  const seg = countSegments(step.body);
  return (
    <Card withBorder radius="md" p="md" data-testid="drip-step">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Step {index + 1}</Text>
          {props.onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={props.onRemove}
              aria-label={`Remove step ${index + 1}`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={index === 0 ? "Send" : "Send after the last step"}
            data={[
              { value: "delay", label: "After a delay" },
              { value: "time_of_day", label: "At a time of day" },
            ]}
            value={w.mode}
            onChange={(v) => v && props.onMode(v as "delay" | "time_of_day")}
            allowDeselect={false}
            w={180}
          />
          {w.mode === "delay" ? (
            <>
              <NumberInput
                label="Wait"
                aria-label={`Step ${index + 1} wait`}
                min={0}
                max={100000}
                value={w.amount}
                onChange={(v) => props.onWait({ amount: Number(v) || 0 })}
                w={100}
              />
              <Select
                label="Unit"
                aria-label={`Step ${index + 1} unit`}
                data={[
                  { value: "minutes", label: "minutes" },
                  { value: "hours", label: "hours" },
                  { value: "days", label: "days" },
                ]}
                value={w.unit}
                onChange={(v) => v && props.onWait({ unit: v as "minutes" | "hours" | "days" })}
                allowDeselect={false}
                w={120}
              />
            </>
          ) : (
            <>
              <NumberInput
                label="Days later"
                min={0}
                max={3650}
                value={w.days}
                onChange={(v) => props.onWait({ days: Number(v) || 0 })}
                w={110}
              />
              <TextInput
                type="time"
                label="At (their time)"
                value={w.time}
                onChange={(e) => props.onWait({ time: e.currentTarget.value || "10:00" })}
                w={140}
              />
            </>
          )}
          <Checkbox
            label="Weekdays only"
            checked={w.weekdaysOnly}
            onChange={(e) => props.onWait({ weekdaysOnly: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        <Textarea
          label="Text"
          aria-label={`Step ${index + 1} text`}
          autosize
          minRows={2}
          maxLength={1600}
          value={step.body}
          onChange={(e) => props.onBody(e.currentTarget.value)}
          placeholder="Hi [first name], welcome!"
          description={`${step.body.length} characters · ${seg.segments} ${seg.segments === 1 ? "segment" : "segments"} · [first name], [last name] are filled in`}
        />
      </Stack>
    </Card>
  );
}
