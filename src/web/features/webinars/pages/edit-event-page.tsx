import {
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconCalendarEvent } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { numberLabel } from "../../../../domain/phone";
import {
  DEFAULT_REMINDER_MESSAGE,
  REMINDER_CHOICES,
  REMINDER_PREVIEW_SAMPLE,
  renderReminder,
  webinarEventBody,
} from "../../../../domain/webinars";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { fromZonedInput, toZonedInput } from "../../../lib/zoned-input";
import { useSaveWebinar, useSendingNumbers, useWebinar } from "../api/webinars";

interface Form {
  title: string;
  startsAt: string;
  durationMinutes: number;
  joinUrl: string;
  phoneNumberId: string | null;
  reminderOffsets: string[];
  reminderMessage: string;
}

const NEW: Form = {
  title: "",
  startsAt: "",
  durationMinutes: 60,
  joinUrl: "",
  phoneNumberId: null,
  reminderOffsets: ["1440", "60"],
  reminderMessage: DEFAULT_REMINDER_MESSAGE,
};

/** /webinars/edit-event (?id= to edit): the event, when its reminders go and what they say. */
export default function EditEventPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get("id"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const event = useWebinar(id);
  const numbers = useSendingNumbers();
  const save = useSaveWebinar();
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const [form, setForm] = useState<Form>(NEW);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const e = event.data;
    if (!e) return;
    setForm({
      title: e.title,
      startsAt: toZonedInput(e.startsAt, timeZone),
      durationMinutes: e.durationMinutes,
      joinUrl: e.joinUrl,
      phoneNumberId: e.phoneNumberId === null ? null : String(e.phoneNumberId),
      reminderOffsets: e.reminderOffsets.map(String),
      reminderMessage: e.reminderMessage,
    });
  }, [event.data, timeZone]);

  if (id !== null && event.isPending) return <TableSkeleton rows={5} />;
  if (id !== null && event.isError)
    return (
      <LoadFailed
        icon={<IconCalendarEvent size={28} />}
        title={t("This webinar could not be loaded")}
        query={event}
      />
    );

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const submit = () => {
    const parsed = webinarEventBody.safeParse({
      title: form.title,
      startsAt: fromZonedInput(form.startsAt, timeZone),
      durationMinutes: form.durationMinutes,
      joinUrl: form.joinUrl,
      phoneNumberId: form.phoneNumberId === null ? null : Number(form.phoneNumberId),
      reminderOffsets: form.reminderOffsets.map(Number),
      reminderMessage: form.reminderMessage,
    });
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        errs[String(issue.path[0])] ??= translateMessage(issue.message);
      setErrors(errs);
      return;
    }
    setErrors({});
    save.mutate(
      { id, body: parsed.data },
      {
        onSuccess: (saved) => {
          notify.success(
            id === null ? t("Event created") : t("Event saved; reminders rescheduled"),
          );
          navigate(id === null ? `/webinars/import?id=${saved.id}` : "/webinars");
        },
        onError: (e) => {
          if (e instanceof ApiError)
            setErrors(
              e.extra.fields
                ? translateFields(e.extra.fields)
                : { form: translateMessage(e.message) },
            );
        },
      },
    );
  };

  const preview = renderReminder(form.reminderMessage, {
    firstName: REMINDER_PREVIEW_SAMPLE.firstName,
    title: form.title || REMINDER_PREVIEW_SAMPLE.title,
    startsAt: new Date(fromZonedInput(form.startsAt, timeZone) || Date.now()),
    timeZone,
    joinUrl: form.joinUrl || REMINDER_PREVIEW_SAMPLE.joinUrl,
  });

  return (
    <>
      <PageHeader
        title={id === null ? t("New Webinar Event") : t("Edit Webinar Event")}
        description={t(
          "Moving the event or changing its reminders reschedules every reminder not yet sent.",
        )}
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} maw={760}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t("Title")}
              withAsterisk
              value={form.title}
              onChange={(e) => set("title", e.currentTarget.value)}
              error={errors.title}
            />
            <Group grow align="flex-start">
              <TextInput
                label={t("Starts")}
                type="datetime-local"
                withAsterisk
                description={t("In your account's time zone ({{zone}}).", { zone: timeZone })}
                value={form.startsAt}
                onChange={(e) => set("startsAt", e.currentTarget.value)}
                error={errors.startsAt}
              />
              <NumberInput
                label={t("Duration (minutes)")}
                min={5}
                max={1440}
                value={form.durationMinutes}
                onChange={(v) => set("durationMinutes", Number(v) || 0)}
                error={errors.durationMinutes}
              />
            </Group>
            <TextInput
              label={t("Join link")}
              description={t("Used when a registrant has no join link of their own.")}
              placeholder="https://"
              value={form.joinUrl}
              onChange={(e) => set("joinUrl", e.currentTarget.value)}
              error={errors.joinUrl}
            />
            <Select
              label={t("Send reminders from")}
              placeholder={t("The account's first number")}
              clearable
              data={(numbers.data?.rows ?? []).map((n) => ({
                value: String(n.id),
                label: numberLabel(n.number, n.name),
              }))}
              value={form.phoneNumberId}
              onChange={(v) => set("phoneNumberId", v)}
              error={errors.phoneNumberId}
            />
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t("Reminders")}
              </Text>
              <Chip.Group
                multiple
                value={form.reminderOffsets}
                onChange={(v) => set("reminderOffsets", v)}
              >
                <Group gap="xs">
                  {REMINDER_CHOICES.map((c) => (
                    <Chip key={c.value} value={String(c.value)}>
                      {translateMessage(c.label)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {errors.reminderOffsets && (
                <Text size="xs" c="red.8">
                  {errors.reminderOffsets}
                </Text>
              )}
            </Stack>
            <Textarea
              label={t("Reminder message")}
              description={t(
                "[first name], [title], [start time] and [join link] are filled in for each registrant.",
              )}
              autosize
              minRows={3}
              value={form.reminderMessage}
              onChange={(e) => set("reminderMessage", e.currentTarget.value)}
              error={errors.reminderMessage}
            />
            <Paper bg="gray.0" p="sm" radius="md">
              <Text size="xs" c="dimmed" mb={4}>
                {t("Preview")}
              </Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {preview}
              </Text>
            </Paper>
            {errors.form && (
              <Text size="sm" c="red.8">
                {errors.form}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate("/webinars")}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {id === null ? t("Create event") : t("Save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
