import {
  Button,
  Chip,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMessageBolt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AUTO_REPLY_MATCHES,
  type AutoReplyMatch,
  DEFAULT_BUSINESS_HOURS,
  MATCH_LABELS,
} from "../../../../domain/auto-replies";
import { countSegments } from "../../../../domain/segments";
import { FullPageLoader } from "../../../components/full-page-loader";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { tk, translateMessage } from "../../../i18n";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useAutoReply, useSaveAutoReply } from "../api/auto-replies";
import { useNumberOptions } from "../api/pickers";
import { PERIODS } from "../components/period";

const LIST = "/messages/automated-replies";
const DAYS = [tk("Sun"), tk("Mon"), tk("Tue"), tk("Wed"), tk("Thu"), tk("Fri"), tk("Sat")];
const WORD_MATCHES = new Set<AutoReplyMatch>(["contains", "exact", "starts_with"]);
const HOUR_MATCHES = new Set<AutoReplyMatch>(["business_hours", "after_hours"]);

interface Values {
  name: string;
  match: AutoReplyMatch;
  words: string[];
  phoneNumberId: string | null;
  reply: string;
  onceEveryMinutes: string;
  days: string[];
  start: string;
  end: string;
  enabled: boolean;
}

/** /messages/automated-replies/edit-smart-reply (?id= to edit one). */
export default function EditAutoReplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const existing = useAutoReply(id);
  if (id !== null && existing.isPending) return <FullPageLoader />;
  if (id !== null && existing.isError)
    return (
      <LoadFailed
        icon={<IconMessageBolt size={28} />}
        title={t("This automated reply could not be loaded")}
        query={existing}
      />
    );
  return <AutoReplyForm id={id} initial={existing.data ?? null} />;
}

function AutoReplyForm(props: {
  id: number | null;
  initial: ReturnType<typeof useAutoReply>["data"] | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const zone = useAccountTimeZone();
  const numbers = useNumberOptions();
  const save = useSaveAutoReply();
  const r = props.initial;
  const hours = r?.businessHours ?? DEFAULT_BUSINESS_HOURS;
  const form = useForm<Values>({
    initialValues: {
      name: r?.name ?? "",
      match: r?.match ?? "contains",
      words: r?.words ?? [],
      phoneNumberId: r?.phoneNumberId != null ? String(r.phoneNumberId) : null,
      reply: r?.reply ?? "",
      onceEveryMinutes: String(r?.onceEveryMinutes ?? 1440),
      days: hours.days.map(String),
      start: hours.start,
      end: hours.end,
      enabled: r?.enabled ?? true,
    },
    validate: {
      name: (v) => (v.trim() ? null : t("Name is required")),
      reply: (v) => (v.trim() ? null : t("Reply is required")),
      words: (v, all) =>
        WORD_MATCHES.has(all.match) && v.length === 0 ? t("Add at least one word") : null,
      days: (v, all) =>
        HOUR_MATCHES.has(all.match) && v.length === 0 ? t("Choose at least one day") : null,
      end: (v, all) =>
        HOUR_MATCHES.has(all.match) && v <= all.start
          ? t("Business hours must end after they start")
          : null,
    },
  });

  const match = form.values.match;
  const segments = countSegments(form.values.reply);

  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        id: props.id,
        body: {
          name: v.name,
          match: v.match,
          words: WORD_MATCHES.has(v.match) ? v.words : [],
          phoneNumberId: v.phoneNumberId ? Number(v.phoneNumberId) : null,
          reply: v.reply,
          onceEveryMinutes: Number(v.onceEveryMinutes),
          businessHours: HOUR_MATCHES.has(v.match)
            ? { days: v.days.map(Number).sort(), start: v.start, end: v.end }
            : null,
          enabled: v.enabled,
        },
      },
      {
        onSuccess: () => {
          notify.success(t("Automated reply saved"));
          navigate(LIST);
        },
      },
    ),
  );

  return (
    <>
      <PageHeader
        title={props.id === null ? t("Add Automated Reply") : t("Edit Automated Reply")}
        description={t(
          "When a text matches, Parley answers it at once and files the answer in the conversation, marked automatic.",
        )}
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} maw={720}>
        <form onSubmit={submit}>
          <Stack gap="md">
            <TextInput
              label={t("Name")}
              placeholder={t("Opening hours")}
              withAsterisk
              {...form.getInputProps("name")}
            />
            <Select
              label={t("Answer when")}
              data={AUTO_REPLY_MATCHES.map((m) => ({
                value: m,
                label: translateMessage(MATCH_LABELS[m]),
              }))}
              allowDeselect={false}
              {...form.getInputProps("match")}
            />
            {WORD_MATCHES.has(match) && (
              <TagsInput
                label={
                  match === "contains"
                    ? t("Words")
                    : match === "exact"
                      ? t("Texts")
                      : t("Beginnings")
                }
                description={t("Press Enter after each. Case and extra spaces do not matter.")}
                placeholder={t("hours")}
                {...form.getInputProps("words")}
              />
            )}
            {HOUR_MATCHES.has(match) && (
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t("Business hours ({{zone}})", { zone })}
                </Text>
                <Chip.Group
                  multiple
                  value={form.values.days}
                  onChange={(v) => form.setFieldValue("days", v)}
                >
                  <Group gap={6}>
                    {DAYS.map((d, i) => (
                      <Chip key={d} value={String(i)} size="sm">
                        {t(d)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {form.errors.days && (
                  <Text c="red" size="xs">
                    {form.errors.days}
                  </Text>
                )}
                <Group gap="sm">
                  <TextInput type="time" label={t("Opens")} {...form.getInputProps("start")} />
                  <TextInput type="time" label={t("Closes")} {...form.getInputProps("end")} />
                </Group>
              </Stack>
            )}
            <Select
              label={t("On number")}
              placeholder={t("All numbers")}
              data={numbers.data ?? []}
              clearable
              {...form.getInputProps("phoneNumberId")}
            />
            <Textarea
              label={t("Reply")}
              withAsterisk
              autosize
              minRows={3}
              maxLength={1600}
              description={t("{{chars}} characters · {{n}} segments", {
                chars: form.values.reply.length,
                count: segments.segments,
                n: segments.segments,
              })}
              {...form.getInputProps("reply")}
            />
            <Select
              label={t("Answer each person")}
              data={PERIODS.map((p) => ({ value: p.value, label: t(p.label) }))}
              allowDeselect={false}
              {...form.getInputProps("onceEveryMinutes")}
            />
            <Switch label={t("On")} {...form.getInputProps("enabled", { type: "checkbox" })} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={LIST}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t("Save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
