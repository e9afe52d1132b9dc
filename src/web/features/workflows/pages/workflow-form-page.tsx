import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from "@mantine/core";
import {
  IconApi,
  IconCalendarEvent,
  IconClick,
  IconForms,
  IconHash,
  IconHierarchy2,
  IconMessageCircle,
  IconUserPlus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import type { AutomationGraph } from "../../../../domain/automation-graph";
import type { AutomationTrigger, TriggerType } from "../../../../domain/automations.schemas";
import { offeredGroups } from "../../../../domain/group-choices";
import type { WorkflowDetail } from "../../../../domain/workflows.schemas";
import { FullPageLoader } from "../../../components/full-page-loader";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { tk, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useSaveAutomation } from "../../automations/api/automations";
import {
  useDateFieldOptions,
  useGroupOptions,
  useNumberOptions,
} from "../../automations/api/pickers";
import {
  useKeywordOptions,
  useLinkOptions,
  useNameAvailable,
  useOptinFormOptions,
  useWorkflow,
} from "../api/workflows";
import { triggerLabel } from "../components/step-summary";
import {
  builderPath,
  formPath,
  slugOf,
  TRIGGER_SLUGS,
  type TriggerSlug,
  WORKFLOWS,
} from "../workflow-paths";

const TRIGGER_INFO: Record<TriggerSlug, { icon: ReactNode; hint: string }> = {
  keyword: { icon: <IconHash size={20} />, hint: tk("Someone texts one of your keywords") },
  group: { icon: <IconUsersGroup size={20} />, hint: tk("Someone is added to a group") },
  "sign-up": {
    icon: <IconUserPlus size={20} />,
    hint: tk("Someone signs up on your sign-up page"),
  },
  "opt-in-form": {
    icon: <IconForms size={20} />,
    hint: tk("Someone submits one of your opt-in forms"),
  },
  date: {
    icon: <IconCalendarEvent size={20} />,
    hint: tk("A date in a field comes round (a birthday, a renewal)"),
  },
  link: { icon: <IconClick size={20} />, hint: tk("Someone clicks a tracked link you sent") },
  reply: {
    icon: <IconMessageCircle size={20} />,
    hint: tk("Someone texts you words you choose"),
  },
  api: { icon: <IconApi size={20} />, hint: tk("Your own system starts it with an API call") },
};

/** A new workflow starts as its trigger and an end; the builder adds the steps. */
const FIRST_GRAPH: AutomationGraph = { start: "end1", steps: [{ id: "end1", type: "end" }] };

/** /workflows/form/:type/:triggerStep/:triggerType? — what starts a workflow, and its name. */
export default function WorkflowFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const type = params.type === "edit" ? "edit" : params.type === "new" ? "new" : null;
  const step = params.triggerStep;
  const slug = params.triggerType as TriggerSlug | undefined;
  const raw = search.get("id");
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const existing = useWorkflow(type === "edit" ? id : null);

  if (!type || (step !== "trigger" && step !== "details") || (type === "edit" && id === null))
    return <Navigate to={WORKFLOWS} replace />;
  if (slug !== undefined && !(slug in TRIGGER_SLUGS))
    return <Navigate to={formPath(type, "trigger", undefined, id ?? undefined)} replace />;
  if (type === "edit" && existing.isPending) return <FullPageLoader />;
  if (type === "edit" && existing.isError)
    return (
      <LoadFailed
        icon={<IconHierarchy2 size={28} />}
        title={t("This workflow could not be loaded")}
        query={existing}
      />
    );
  if (step === "trigger" || !slug)
    return <ChooseTrigger type={type} id={id} current={existing.data ?? null} />;
  return <Details key={slug} slug={slug} initial={existing.data ?? null} />;
}

function ChooseTrigger(props: {
  type: "new" | "edit";
  id: number | null;
  current: WorkflowDetail | null;
}) {
  const { t } = useTranslation();
  const current = props.current ? slugOf(props.current.trigger.type) : null;
  return (
    <>
      <PageHeader
        title={
          props.current
            ? t("Trigger of {{name}}", { name: props.current.name })
            : t("Create Workflow")
        }
        description={t("Step 1 of 2: what starts the workflow for a person?")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {(Object.keys(TRIGGER_SLUGS) as TriggerSlug[]).map((s) => (
          <UnstyledButton
            key={s}
            component={Link}
            to={formPath(props.type, "details", s, props.id ?? undefined)}
            aria-label={triggerLabel(TRIGGER_SLUGS[s])}
            data-testid={`trigger-${s}`}
          >
            <Card
              withBorder
              radius="md"
              p="md"
              h="100%"
              style={{
                borderColor: current === s ? "var(--mantine-color-blue-6)" : undefined,
                borderWidth: current === s ? 2 : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg" radius="md">
                  {TRIGGER_INFO[s].icon}
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {triggerLabel(TRIGGER_SLUGS[s])}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(TRIGGER_INFO[s].hint)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group mt="lg">
        <Button
          variant="default"
          component={Link}
          to={props.id ? builderPath(props.id) : WORKFLOWS}
        >
          {t("Cancel")}
        </Button>
      </Group>
    </>
  );
}

const idOrNull = (v: string | null) => (v ? Number(v) : null);

function Details(props: { slug: TriggerSlug; initial: WorkflowDetail | null }) {
  const { t } = useTranslation();
  const a = props.initial;
  const navigate = useNavigate();
  const triggerType: TriggerType = TRIGGER_SLUGS[props.slug];
  const was = a && a.trigger.type === triggerType ? a.trigger : null;
  const groups = useGroupOptions();
  const numbers = useNumberOptions();
  const dateFields = useDateFieldOptions();
  const keywords = useKeywordOptions();
  const forms = useOptinFormOptions();
  const links = useLinkOptions();
  const save = useSaveAutomation();

  const [name, setName] = useState(a?.name ?? "");
  const [ref, setRef] = useState<string | null>(() => {
    if (was?.type === "group.joined") return String(was.groupId);
    if (was?.type === "keyword.joined") return was.keywordId ? String(was.keywordId) : null;
    if (was?.type === "optin_form.submitted") return was.formId ? String(was.formId) : null;
    if (was?.type === "link.clicked") return was.linkId ? String(was.linkId) : null;
    if (was?.type === "date_field") return String(was.fieldId);
    return null;
  });
  const [words, setWords] = useState<string[]>(was?.type === "message.received" ? was.words : []);
  const [repeat, setRepeat] = useState<"yearly" | "once">(
    was?.type === "date_field" ? was.repeat : "yearly",
  );
  const [daysBefore, setDaysBefore] = useState<number>(
    was?.type === "date_field" ? was.daysBefore : 0,
  );
  const [numberId, setNumberId] = useState<string | null>(
    a?.phoneNumberId ? String(a.phoneNumberId) : null,
  );
  const [exitOnReply, setExitOnReply] = useState(a?.exitOnReply ?? false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const available = useNameAvailable(name, a?.id ?? null);
  const nameTaken = available.data?.available === false;

  const trigger = (): AutomationTrigger | string => {
    switch (triggerType) {
      case "group.joined":
        return ref ? { type: triggerType, groupId: Number(ref) } : t("Choose a group");
      case "keyword.joined":
        return { type: triggerType, keywordId: idOrNull(ref) };
      case "optin_form.submitted":
        return { type: triggerType, formId: idOrNull(ref) };
      case "link.clicked":
        return { type: triggerType, linkId: idOrNull(ref) };
      case "message.received":
        return words.length ? { type: triggerType, words } : t("Enter at least one word");
      case "date_field":
        return ref
          ? { type: triggerType, fieldId: Number(ref), repeat, daysBefore }
          : t("Choose a date field");
      case "form.submitted":
        return { type: triggerType };
      case "api":
        return { type: triggerType };
    }
  };

  const submit = () => {
    setError(null);
    if (!name.trim()) {
      setNameError(t("Name is required"));
      return;
    }
    if (nameTaken) return;
    const tr = trigger();
    if (typeof tr === "string") {
      setError(tr);
      return;
    }
    save.mutate(
      {
        id: a?.id ?? null,
        body: {
          kind: "workflow",
          name: name.trim(),
          trigger: tr,
          graph: a?.graph ?? FIRST_GRAPH,
          phoneNumberId: idOrNull(numberId),
          exitOnReply,
          exitOnGroupLeave: a?.exitOnGroupLeave ?? true,
        },
      },
      {
        onSuccess: (saved) => {
          notify.success(
            a ? t("Workflow saved") : t("{{name}} created: add its steps", { name: saved.name }),
          );
          navigate(builderPath(saved.id));
        },
        onError: (e) => e instanceof ApiError && setError(translateMessage(e.message)),
      },
    );
  };

  let settings: ReactNode = null;
  switch (triggerType) {
    case "keyword.joined":
      settings = (
        <Select
          label={t("Keyword")}
          placeholder={t("Any keyword")}
          data={keywords.data ?? []}
          value={ref}
          onChange={setRef}
          clearable
          searchable
          description={t("Leave empty to start on any of your keywords.")}
          nothingFoundMessage={t("No keyword: create one under Opt-ins → Keywords")}
        />
      );
      break;
    case "group.joined":
      settings = (
        <Select
          label={t("Group")}
          placeholder={t("Choose a group")}
          data={offeredGroups(groups.data, ref)}
          value={ref}
          onChange={setRef}
          searchable
          required
          nothingFoundMessage={t("No group yet")}
        />
      );
      break;
    case "optin_form.submitted":
      settings = (
        <Select
          label={t("Opt-in form")}
          placeholder={t("Any opt-in form")}
          data={forms.data ?? []}
          value={ref}
          onChange={setRef}
          clearable
          searchable
        />
      );
      break;
    case "link.clicked":
      settings = (
        <Select
          label={t("Tracked link")}
          placeholder={t("Any tracked link")}
          data={links.data ?? []}
          value={ref}
          onChange={setRef}
          clearable
          searchable
          description={t("Clicks by a known subscriber on a tracked link in a text.")}
        />
      );
      break;
    case "message.received":
      settings = (
        <TagsInput
          label={t("The text contains any of")}
          placeholder={t("Type a word and press Enter")}
          value={words}
          onChange={setWords}
          maxTags={50}
          description={t(
            "Case does not matter. STOP, HELP and their kin are handled before any workflow.",
          )}
        />
      );
      break;
    case "date_field":
      settings = (
        <Stack gap="sm">
          <Select
            label={t("Date field")}
            placeholder={t("Choose a date field")}
            data={dateFields.data ?? []}
            value={ref}
            onChange={setRef}
            required
            nothingFoundMessage={t("No date field: add one under Subscribers → Attributes")}
          />
          <SegmentedControl
            value={repeat}
            onChange={(v) => setRepeat(v as "yearly" | "once")}
            data={[
              { value: "yearly", label: t("Every year (birthdays)") },
              { value: "once", label: t("Once, on the date") },
            ]}
          />
          <NumberInput
            label={t("Days before the date")}
            min={0}
            max={365}
            value={daysBefore}
            onChange={(v) => setDaysBefore(typeof v === "number" ? v : 0)}
          />
        </Stack>
      );
      break;
    case "form.submitted":
      settings = (
        <Text size="sm" c="dimmed">
          {t("Everyone who signs up on your sign-up page enters the workflow.")}
        </Text>
      );
      break;
    case "api":
      settings = (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Your system starts it for one subscriber with <0>{{call}}</0> and a body <1>{{byId}}</1> or <2>{{byPhone}}</2>, with an API key from the <3>developer dashboard</3>."
            values={{
              call: "POST /api/v1/workflows/:id/runs",
              byId: '{"subscriberId": 123}',
              byPhone: '{"phone": "+1…"}',
            }}
            components={[
              <Code key="call" />,
              <Code key="id" />,
              <Code key="phone" />,
              <Anchor key="dashboard" component={Link} to="/developer-dashboard" />,
            ]}
          />
        </Text>
      );
      break;
  }

  return (
    <>
      <PageHeader
        title={a ? t("Edit {{name}}", { name: a.name }) : t("Create Workflow")}
        description={t("Step 2 of 2: {{trigger}}: its settings and the workflow's name.", {
          trigger: triggerLabel(triggerType).toLowerCase(),
        })}
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} maw={720}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t("Name")}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              maxLength={100}
              required
              error={
                nameError ?? (nameTaken ? t("A workflow with this name already exists") : null)
              }
            />
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={600}>
                {t("Trigger: {{trigger}}", { trigger: triggerLabel(triggerType) })}
              </Text>
              <Anchor
                component={Link}
                to={formPath(a ? "edit" : "new", "trigger", undefined, a?.id)}
                size="sm"
              >
                {t("Choose another trigger")}
              </Anchor>
            </Group>
            {settings}
            <Select
              label={t("Send from")}
              placeholder={t("The account's main number")}
              data={numbers.data ?? []}
              value={numberId}
              onChange={setNumberId}
              clearable
            />
            <Switch
              label={t("A reply takes the person out of the workflow")}
              description={t("Leave off to branch on replies with 'Wait for a reply' steps.")}
              checked={exitOnReply}
              onChange={(e) => setExitOnReply(e.currentTarget.checked)}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                component={Link}
                to={a ? builderPath(a.id) : formPath("new", "trigger")}
              >
                {a ? t("Cancel") : t("Back")}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {a ? t("Save") : t("Continue to builder")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
