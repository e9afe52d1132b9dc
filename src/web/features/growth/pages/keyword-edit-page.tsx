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
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { offeredGroups } from "../../../../domain/group-choices";
import { keywordProblem } from "../../../../domain/keywords";
import type { KeywordResponse } from "../../../../domain/keywords.schemas";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { fromZonedInput, toZonedInput } from "../../../lib/zoned-input";
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
  const { t } = useTranslation();
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
  const problem = touched ? keywordProblem(form.keyword) : null;
  const keywordError = problem && translateMessage(problem);
  const replyError = touched && !form.reply.trim() ? t("Opt-in reply is required") : null;
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
          notify.success(
            id
              ? t("Keyword {{keyword}} saved", { keyword: k.keyword })
              : t("Keyword {{keyword}} created", { keyword: k.keyword }),
          );
          navigate("/optins/keywords");
        },
        onError: (err) =>
          setServerError(
            err instanceof ApiError
              ? translateMessage(err.message)
              : t("The keyword was not saved."),
          ),
      },
    );
  };

  if (id !== null && existing.isPending) return <Skeleton h={400} />;
  if (id !== null && existing.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t("This keyword could not be loaded")}>
        {translateMessage(existing.error.message)}{" "}
        <Anchor component={Link} inherit to="/optins/keywords">
          {t("Back to keywords")}
        </Anchor>
      </Alert>
    );

  return (
    <>
      <PageHeader
        title={
          id
            ? t("Edit Keyword {{keyword}}", { keyword: existing.data?.keyword.toUpperCase() ?? "" })
            : t("Add Keyword")
        }
        description={t(
          "Whoever texts this word (or JOIN and the word) to your number is subscribed with their consent recorded, added to the groups you choose and answered.",
        )}
        actions={
          <Button
            variant="default"
            component={Link}
            to="/optins/keywords"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t("Keywords")}
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
                  label={t("Keyword")}
                  description={t("One word; any case matches")}
                  required
                  value={form.keyword}
                  onChange={(e) => set("keyword", e.currentTarget.value)}
                  onBlur={() => setTouched(true)}
                  error={keywordError}
                  miw={200}
                />
                <Select
                  label={t("Number")}
                  description={t("Where the keyword answers")}
                  data={[{ value: ALL, label: t("All numbers") }, ...(numbers.data ?? [])]}
                  value={form.numberId}
                  onChange={(v) => set("numberId", v ?? ALL)}
                  allowDeselect={false}
                  miw={200}
                />
              </Group>
              <Textarea
                label={t("Opt-in reply")}
                description={t("Sent to each new subscriber")}
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
                label={t("Reply to people already subscribed")}
                description={t("Optional; the opt-in reply is sent when empty")}
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
                  label={t("Already subscribed receive")}
                />
              )}
              <MultiSelect
                label={t("Add to groups")}
                placeholder={groups.data?.length ? t("Choose groups") : t("No groups yet")}
                data={offeredGroups(groups.data, form.groupIds)}
                value={form.groupIds}
                onChange={(v) => set("groupIds", v)}
                searchable
                clearable
              />
              <Stack gap="xs">
                <Switch
                  label={t("Double opt-in: ask them to reply Y to confirm")}
                  checked={form.doubleOptIn}
                  onChange={(e) => set("doubleOptIn", e.currentTarget.checked)}
                />
                <Switch
                  label={t("Ask for their first name after they join")}
                  checked={form.askName}
                  onChange={(e) => set("askName", e.currentTarget.checked)}
                />
                <Switch
                  label={t("Ask for their e-mail address after they join")}
                  checked={form.askEmail}
                  onChange={(e) => set("askEmail", e.currentTarget.checked)}
                />
              </Stack>
              <TextInput
                type="datetime-local"
                label={t("Expires")}
                description={t(
                  "Optional; after this the keyword stops answering. In your account's time zone ({{zone}}).",
                  { zone: timeZone },
                )}
                value={form.expiresAt}
                onChange={(e) => set("expiresAt", e.currentTarget.value)}
                w={{ base: "100%", sm: 260 }}
              />
              <Group justify="flex-end">
                <Button variant="default" component={Link} to="/optins/keywords">
                  {t("Cancel")}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {id ? t("Save keyword") : t("Create keyword")}
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
                {t("How it works")}
              </Title>
              <Stack gap={6} fz="sm">
                <span>
                  {t("1. A person texts the keyword, in any case, or JOIN and the keyword.")}
                </span>
                <span>
                  {t(
                    "2. They are subscribed, with the keyword, their message and the time kept as consent.",
                  )}
                </span>
                <span>{t("3. They get your opt-in reply, and join the groups you chose.")}</span>
                <span>
                  {t("STOP, HELP, START and the other compliance words can never be keywords.")}
                </span>
              </Stack>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
