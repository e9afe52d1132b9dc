import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { offeredGroups } from "../../../../domain/group-choices";
import { keywordProblem } from "../../../../domain/keywords";
import type { KeywordResponse } from "../../../../domain/keywords.schemas";
import { PageHeader } from "../../../components/page-header";
import { ApiError } from "../../../lib/api-client";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { fromZonedInput, toZonedInput, zoneNote } from "../../../lib/zoned-input";
import { useKeyword, useKeywords, useSaveKeyword } from "../api/keywords";
import { useGroupOptions, useNumberOptions } from "../api/pickers";
import { KeywordStats } from "../components/keyword-stats";
import { ReplyPreview } from "../components/reply-preview";

const ALL = "all";

interface FormState {
  keyword: string;
  numberId: string;
  reply: string;
  alreadySubscribedReply: string;
  doubleOptIn: boolean;
  askName: boolean;
  askEmail: boolean;
  expiresAt: string;
  groupIds: string[];
}

const EMPTY: FormState = {
  keyword: "",
  numberId: ALL,
  reply: "",
  alreadySubscribedReply: "",
  doubleOptIn: false,
  askName: false,
  askEmail: false,
  expiresAt: "",
  groupIds: [],
};

function fromKeyword(k: KeywordResponse, timeZone: string): FormState {
  return {
    keyword: k.keyword,
    numberId: k.phoneNumberId === null ? ALL : String(k.phoneNumberId),
    reply: k.reply,
    alreadySubscribedReply: k.alreadySubscribedReply,
    doubleOptIn: k.doubleOptIn,
    askName: k.askName,
    askEmail: k.askEmail,
    expiresAt: toZonedInput(k.expiresAt, timeZone),
    groupIds: k.groupIds.map(String),
  };
}

/** /optins/keywords/edit (?id=N to edit): the keyword, its number, replies, options and stats. */
export default function KeywordEditPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const idParam = Number(params.get("id"));
  const id = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const existing = useKeyword(id);
  const list = useKeywords(null);
  const numbers = useNumberOptions();
  const groups = useGroupOptions();
  const save = useSaveKeyword();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const timeZone = useAccountTimeZone();

  useEffect(() => {
    if (existing.data) setForm(fromKeyword(existing.data, timeZone));
  }, [existing.data, timeZone]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const keywordError = touched ? keywordProblem(form.keyword) : null;
  const replyError = touched && !form.reply.trim() ? "Opt-in reply is required" : null;
  const program = list.data?.programName ?? "";

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setServerError(null);
    if (keywordProblem(form.keyword) || !form.reply.trim()) return;
    save.mutate(
      {
        id,
        input: {
          keyword: form.keyword.trim(),
          phoneNumberId: form.numberId === ALL ? null : Number(form.numberId),
          reply: form.reply,
          alreadySubscribedReply: form.alreadySubscribedReply,
          doubleOptIn: form.doubleOptIn,
          askName: form.askName,
          askEmail: form.askEmail,
          expiresAt: fromZonedInput(form.expiresAt, timeZone) || null,
          groupIds: form.groupIds.map(Number),
        },
      },
      {
        onSuccess: (k) => {
          notify.success(id ? `Keyword ${k.keyword} saved` : `Keyword ${k.keyword} created`);
          navigate("/optins/keywords");
        },
        onError: (err) =>
          setServerError(err instanceof ApiError ? err.message : "The keyword was not saved."),
      },
    );
  };

  if (id !== null && existing.isPending) return <Skeleton h={400} />;
  if (id !== null && existing.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title="This keyword could not be loaded">
        {existing.error.message}{" "}
        <Anchor component={Link} inherit to="/optins/keywords">
          Back to keywords
        </Anchor>
      </Alert>
    );

  return (
    <>
      <PageHeader
        title={id ? `Edit Keyword ${existing.data?.keyword.toUpperCase() ?? ""}` : "Add Keyword"}
        description="Whoever texts this word (or JOIN and the word) to your number is subscribed with their consent recorded, added to the groups you choose and answered."
        actions={
          <Button
            variant="default"
            component={Link}
            to="/optins/keywords"
            leftSection={<IconArrowLeft size={16} />}
          >
            Keywords
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
            <Stack>
              {serverError && (
                <Alert color="red" icon={<IconAlertCircle />} data-testid="keyword-error">
                  {serverError}
                </Alert>
              )}
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label="Keyword"
                  description="One word; any case matches"
                  required
                  value={form.keyword}
                  onChange={(e) => set("keyword", e.currentTarget.value)}
                  onBlur={() => setTouched(true)}
                  error={keywordError}
                  miw={200}
                />
                <Select
                  label="Number"
                  description="Where the keyword answers"
                  data={[{ value: ALL, label: "All numbers" }, ...(numbers.data ?? [])]}
                  value={form.numberId}
                  onChange={(v) => set("numberId", v ?? ALL)}
                  allowDeselect={false}
                  miw={200}
                />
              </Group>
              <Textarea
                label="Opt-in reply"
                description="Sent to each new subscriber"
                required
                autosize
                minRows={3}
                maxLength={1000}
                value={form.reply}
                onChange={(e) => set("reply", e.currentTarget.value)}
                error={replyError}
              />
              <ReplyPreview text={form.reply} programName={program} />
              <Textarea
                label="Reply to people already subscribed"
                description="Optional; the opt-in reply is sent when empty"
                autosize
                minRows={2}
                maxLength={1000}
                value={form.alreadySubscribedReply}
                onChange={(e) => set("alreadySubscribedReply", e.currentTarget.value)}
              />
              {form.alreadySubscribedReply.trim() && (
                <ReplyPreview
                  text={form.alreadySubscribedReply}
                  programName={program}
                  label="Already subscribed receive"
                />
              )}
              <MultiSelect
                label="Add to groups"
                placeholder={groups.data?.length ? "Choose groups" : "No groups yet"}
                data={offeredGroups(groups.data, form.groupIds)}
                value={form.groupIds}
                onChange={(v) => set("groupIds", v)}
                searchable
                clearable
              />
              <Stack gap="xs">
                <Switch
                  label="Double opt-in: ask them to reply Y to confirm"
                  checked={form.doubleOptIn}
                  onChange={(e) => set("doubleOptIn", e.currentTarget.checked)}
                />
                <Switch
                  label="Ask for their first name after they join"
                  checked={form.askName}
                  onChange={(e) => set("askName", e.currentTarget.checked)}
                />
                <Switch
                  label="Ask for their e-mail address after they join"
                  checked={form.askEmail}
                  onChange={(e) => set("askEmail", e.currentTarget.checked)}
                />
              </Stack>
              <TextInput
                type="datetime-local"
                label="Expires"
                description={`Optional; after this the keyword stops answering. ${zoneNote(timeZone)}`}
                value={form.expiresAt}
                onChange={(e) => set("expiresAt", e.currentTarget.value)}
                w={{ base: "100%", sm: 260 }}
              />
              <Group justify="flex-end">
                <Button variant="default" component={Link} to="/optins/keywords">
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {id ? "Save keyword" : "Create keyword"}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {id !== null ? (
            <KeywordStats id={id} />
          ) : (
            <Paper withBorder radius="md" p="md">
              <Title order={4} mb="xs">
                How it works
              </Title>
              <Stack gap={6} fz="sm">
                <span>1. A person texts the keyword, in any case, or JOIN and the keyword.</span>
                <span>
                  2. They are subscribed, with the keyword, their message and the time kept as
                  consent.
                </span>
                <span>3. They get your opt-in reply, and join the groups you chose.</span>
                <span>STOP, HELP, START and the other compliance words can never be keywords.</span>
              </Stack>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
