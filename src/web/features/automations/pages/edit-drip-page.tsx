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
import { useTranslation } from "react-i18next";
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
import { translateMessage } from "../../../i18n";
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
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const existing = useAutomation(id);
  if (id !== null && existing.isPending) return <FullPageLoader />;
  if (id !== null && existing.isError)
    return (
      <LoadFailed
        icon={<IconRoute size={28} />}
        title={t("This drip campaign could not be loaded")}
        query={existing}
      />
    );
  return <DripForm initial={existing.data ?? null} />;
}

function DripForm(props: { initial: AutomationDetail | null }) {
  const { t } = useTranslation();
  const a = props.initial;
  const navigate = useNavigate();
  const groups = useGroupOptions();
  const numbers = useNumberOptions();
  const dateFields = useDateFieldOptions();
  const save = useSaveAutomation();
  const setStatus = useSetAutomationStatus();
  const [name, setName] = useState(a?.name ?? "");
  const saved = a?.trigger;
  const [triggerType, setTriggerType] = useState<DripTrigger>(
    (DRIP_TRIGGERS as readonly string[]).includes(saved?.type ?? "")
      ? (saved?.type as DripTrigger)
      : "group.joined",
  );
  const [groupId, setGroupId] = useState<string | null>(
    saved?.type === "group.joined" ? String(saved.groupId) : null,
  );
  const [fieldId, setFieldId] = useState<string | null>(
    saved?.type === "date_field" ? String(saved.fieldId) : null,
  );
  const [repeat, setRepeat] = useState<"yearly" | "once">(
    saved?.type === "date_field" ? saved.repeat : "yearly",
  );
  const [daysBefore, setDaysBefore] = useState<number>(
    saved?.type === "date_field" ? saved.daysBefore : 0,
  );
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
          : t("Choose the group people join");
      case "date_field":
        return fieldId
          ? { type: "date_field", fieldId: Number(fieldId), repeat, daysBefore }
          : t("Choose the date field");
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
    if (!name.trim()) return setError(t("Name is required"));
    if (typeof trig === "string") return setError(trig);
    const empty = steps.findIndex((s) => !s.body.trim());
    if (empty >= 0) return setError(t("Write the text of step {{n}}", { n: empty + 1 }));
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
            notify.success(
              activate ? t("{{name}} is running", { name: saved.name }) : t("Drip campaign saved"),
            );
            navigate(LIST);
          };
          if (activate && saved.status !== "active")
            setStatus.mutate(
              { id: saved.id, status: "active" },
              {
                onSuccess: done,
                onError: (e) =>
                  setError(
                    e instanceof ApiError ? translateMessage(e.message) : t("Could not start it"),
                  ),
              },
            );
          else done();
        },
        onError: (e) =>
          setError(e instanceof ApiError ? translateMessage(e.message) : t("Could not save")),
      },
    );
  };

  return (
    <>
      <PageHeader title={a ? t("Edit Drip Campaign") : t("Create Drip Campaign")} />
      <Stack gap="md" maw={760}>
        <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
          <Stack gap="md">
            <TextInput
              label={t("Name")}
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              placeholder={t("Welcome series")}
            />
            <Select
              label={t("Start when someone")}
              data={DRIP_TRIGGERS.map((v) => ({
                value: v,
                label: translateMessage(TRIGGER_LABELS[v]),
              }))}
              value={triggerType}
              onChange={(v) => v && setTriggerType(v as DripTrigger)}
              allowDeselect={false}
            />
            {triggerType === "group.joined" && (
              <Select
                label={t("Group")}
                placeholder={
                  groups.data?.length === 0 ? t("No static groups yet") : t("Choose a group")
                }
                data={offeredGroups(groups.data, groupId)}
                value={groupId}
                onChange={setGroupId}
                searchable
              />
            )}
            {triggerType === "date_field" && (
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label={t("Date field")}
                  placeholder={
                    dateFields.data?.length === 0 ? t("No date fields yet") : t("Choose a field")
                  }
                  data={dateFields.data ?? []}
                  value={fieldId}
                  onChange={setFieldId}
                />
                <Select
                  label={t("Repeat")}
                  data={[
                    { value: "yearly", label: t("Every year (birthday)") },
                    { value: "once", label: t("Once, on the date") },
                  ]}
                  value={repeat}
                  onChange={(v) => v && setRepeat(v as "yearly" | "once")}
                  allowDeselect={false}
                />
                <NumberInput
                  label={t("Days before")}
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
                {triggerType === "keyword.joined"
                  ? t("Anyone who joins by any keyword enters.")
                  : t("Anyone who submits any opt-in form enters.")}
              </Text>
            )}
            <Select
              label={t("Send from")}
              placeholder={t("The account's main number")}
              data={numbers.data ?? []}
              value={numberId}
              onChange={setNumberId}
              clearable
            />
            <Group gap="lg">
              <Switch
                label={t("Stop when they reply")}
                checked={exitOnReply}
                onChange={(e) => setExitOnReply(e.currentTarget.checked)}
              />
              {triggerType === "group.joined" && (
                <Switch
                  label={t("Stop when they leave the group")}
                  checked={exitOnLeave}
                  onChange={(e) => setExitOnLeave(e.currentTarget.checked)}
                />
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t(
                "People who opt out leave at once. Texts keep to quiet hours and the legal sending hours of the recipient.",
              )}
            </Text>
          </Stack>
        </Paper>

        <Title order={4}>{t("Steps")}</Title>
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
          {t("Add Step")}
        </Button>

        {a && a.active > 0 && (
          <Checkbox
            label={t(
              "Move the {{n}} people in it to these steps (otherwise they finish the version they started)",
              { n: a.active },
            )}
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
            {t("Cancel")}
          </Button>
          <Button variant="light" onClick={() => submit(false)} loading={save.isPending}>
            {t("Save")}
          </Button>
          {a?.status !== "active" && (
            <Button onClick={() => submit(true)} loading={save.isPending || setStatus.isPending}>
              {t("Save and Start")}
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
  const { t } = useTranslation();
  const { step, index } = props;
  const w = step.wait;
  const seg = countSegments(step.body);
  return (
    <Card withBorder radius="md" p="md" data-testid="drip-step">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t("Step {{n}}", { n: index + 1 })}</Text>
          {props.onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={props.onRemove}
              aria-label={t("Remove step {{n}}", { n: index + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={index === 0 ? t("Send") : t("Send after the last step")}
            data={[
              { value: "delay", label: t("After a delay") },
              { value: "time_of_day", label: t("At a time of day") },
            ]}
            value={w.mode}
            onChange={(v) => v && props.onMode(v as "delay" | "time_of_day")}
            allowDeselect={false}
            w={180}
          />
          {w.mode === "delay" ? (
            <>
              <NumberInput
                label={t("Wait")}
                aria-label={t("Step {{n}} wait", { n: index + 1 })}
                min={0}
                max={100000}
                value={w.amount}
                onChange={(v) => props.onWait({ amount: Number(v) || 0 })}
                w={100}
              />
              <Select
                label={t("Unit")}
                aria-label={t("Step {{n}} unit", { n: index + 1 })}
                data={[
                  { value: "minutes", label: t("minutes") },
                  { value: "hours", label: t("hours") },
                  { value: "days", label: t("days") },
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
                label={t("Days later")}
                min={0}
                max={3650}
                value={w.days}
                onChange={(v) => props.onWait({ days: Number(v) || 0 })}
                w={110}
              />
              <TextInput
                type="time"
                label={t("At (their time)")}
                value={w.time}
                onChange={(e) => props.onWait({ time: e.currentTarget.value || "10:00" })}
                w={140}
              />
            </>
          )}
          <Checkbox
            label={t("Weekdays only")}
            checked={w.weekdaysOnly}
            onChange={(e) => props.onWait({ weekdaysOnly: e.currentTarget.checked })}
            mb={8}
          />
        </Group>
        <Textarea
          label={t("Text")}
          aria-label={t("Step {{n}} text", { n: index + 1 })}
          autosize
          minRows={2}
          maxLength={1600}
          value={step.body}
          onChange={(e) => props.onBody(e.currentTarget.value)}
          placeholder={t("Hi [first name], welcome!")}
          description={t(
            "{{chars}} characters · {{n}} segments · [first name], [last name] are filled in",
            { chars: step.body.length, count: seg.segments, n: seg.segments },
          )}
        />
      </Stack>
    </Card>
  );
}
