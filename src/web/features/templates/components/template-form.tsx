import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Menu,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconBraces,
  IconInfoCircle,
  IconPhoto,
  IconTemplate,
  IconX,
} from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  TEMPLATE_MMS_MAX,
  TEMPLATE_SMS_MAX,
  TEMPLATE_TEXTS,
  templateRequest,
} from "../../../../domain/templates";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { useSaveTemplate, useTemplate } from "../../../components/message-tools/api";
import { PageHeader } from "../../../components/page-header";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError, api } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { templatePaths } from "../template-paths";

const VARIABLES = ["[first name]", "[last name]", "[phone number]"];

/** Create or edit a template (?id= for edit). Controlled templates may require a link. */
export function TemplateForm(props: { kind: "plain" | "controlled"; mode: "create" | "edit" }) {
  const { t } = useTranslation();
  const { kind, mode } = props;
  const paths = templatePaths(kind);
  const [params] = useSearchParams();
  const rawId = Number(params.get("id"));
  const id = mode === "edit" && Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const existing = useTemplate(kind, id);
  const title =
    kind === "plain"
      ? mode === "create"
        ? t("Add Template")
        : t("Edit Template")
      : mode === "create"
        ? t("Add Controlled Template")
        : t("Edit Controlled Template");

  if (mode === "edit" && id === null) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon={<IconTemplate size={28} />}
          title={translateMessage(TEMPLATE_TEXTS.notFound)}
          description={
            <Anchor component={Link} to={paths.list}>
              {t("Back to the list")}
            </Anchor>
          }
        />
      </>
    );
  }
  if (existing.isLoading) {
    return (
      <>
        <PageHeader title={title} />
        <Skeleton height={320} radius="lg" />
      </>
    );
  }
  if (existing.isError) {
    return (
      <>
        <PageHeader title={title} />
        <LoadFailed
          icon={<IconTemplate size={28} />}
          title={t("The template could not be loaded")}
          query={existing}
        />
      </>
    );
  }
  return (
    <TemplateFormBody key={id ?? "new"} kind={kind} id={id} title={title} initial={existing.data} />
  );
}

function TemplateFormBody(props: {
  kind: "plain" | "controlled";
  id: number | null;
  title: string;
  initial?: {
    name: string;
    message: string;
    isMMS: boolean;
    attachment: string | null;
    requiresLink: boolean;
  };
}) {
  const { t } = useTranslation();
  const { kind, id } = props;
  const paths = templatePaths(kind);
  const navigate = useNavigate();
  const save = useSaveTemplate(kind);
  const [name, setName] = useState(props.initial?.name ?? "");
  const [message, setMessage] = useState(props.initial?.message ?? "");
  const [isMMS, setIsMMS] = useState(props.initial?.isMMS ?? false);
  const [attachment, setAttachment] = useState<string | null>(props.initial?.attachment ?? null);
  const [requiresLink, setRequiresLink] = useState(props.initial?.requiresLink ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const max = isMMS ? TEMPLATE_MMS_MAX : TEMPLATE_SMS_MAX;

  useEffect(() => {
    if (!isMMS) setAttachment(null);
  }, [isMMS]);

  const insertVariable = (v: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? message.length;
    const end = el?.selectionEnd ?? message.length;
    const next = `${message.slice(0, start)}${v}${message.slice(end)}`;
    if (next.length > max) return;
    setMessage(next);
    setErrors((x) => ({ ...x, message: "" }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + v.length, start + v.length);
    });
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append("photo", file);
      const res = await api.upload<{ filename: string; fileUrl: string }>(
        "/api/uploads/image",
        form,
      );
      setAttachment(res.fileUrl);
      setErrors((e) => ({ ...e, message: "" }));
    } catch {
      // The API client showed the error.
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { name, message, isMMS, attachment: isMMS ? attachment : null, requiresLink };
    const parsed = templateRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id, body });
      notify.success(translateMessage(id === null ? TEMPLATE_TEXTS.created : TEMPLATE_TEXTS.saved));
      navigate(paths.list);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.extra.fields) setErrors(translateFields(err.extra.fields));
        notify.error(err.message);
      }
    }
  };

  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          <Button
            variant="default"
            component={Link}
            to={paths.list}
            leftSection={<IconArrowLeft size={16} />}
          >
            {t("Back")}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t("Template name")}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setErrors((x) => ({ ...x, name: "" }));
              }}
              error={errors.name}
              required
              data-autofocus
              maxLength={100}
            />
            <SegmentedControl
              value={isMMS ? "mms" : "sms"}
              onChange={(v) => setIsMMS(v === "mms")}
              data={[
                { value: "sms", label: "SMS" },
                { value: "mms", label: "MMS" },
              ]}
              w={{ base: "100%", xs: 220 }}
              aria-label={t("Message type")}
            />
            <Stack gap={4}>
              <Group justify="space-between" align="flex-end">
                <Text size="sm" fw={500}>
                  {t("Message")}
                </Text>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconBraces size={14} />}
                    >
                      {t("Variables")}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {VARIABLES.map((v) => (
                      <Menu.Item key={v} onClick={() => insertVariable(v)}>
                        {v}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Group>
              <Textarea
                ref={textarea}
                aria-label={t("Message")}
                placeholder={t("Type in a message...")}
                autosize
                minRows={5}
                maxRows={14}
                value={message}
                onChange={(e) => {
                  setMessage(e.currentTarget.value.slice(0, max));
                  setErrors((x) => ({ ...x, message: "" }));
                }}
                error={errors.message}
              />
              <Text size="xs" c={message.length >= max ? "red" : "dimmed"} ta="right">
                {message.length} / {max}
              </Text>
            </Stack>
            {isMMS && (
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t("Image")}
                </Text>
                {attachment ? (
                  <Group align="flex-start">
                    <Image
                      src={attachment}
                      alt={t("Template image")}
                      h={120}
                      w="auto"
                      fit="contain"
                      radius="sm"
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconX size={14} />}
                      onClick={() => setAttachment(null)}
                    >
                      {t("Remove")}
                    </Button>
                  </Group>
                ) : (
                  <FileButton onChange={upload} accept="image/jpeg,image/png,image/gif,image/bmp">
                    {(p) => (
                      <Button
                        {...p}
                        variant="default"
                        leftSection={<IconPhoto size={16} />}
                        loading={uploading}
                        w="fit-content"
                      >
                        {t("Add image")}
                      </Button>
                    )}
                  </FileButton>
                )}
              </Stack>
            )}
            {kind === "controlled" && (
              <Checkbox
                label={t("Require a link")}
                description={t(
                  "When set, the composer asks for a link before this template is used: '{{prompt}}'.",
                  { prompt: translateMessage(TEMPLATE_TEXTS.requiresLink) },
                )}
                checked={requiresLink}
                onChange={(e) => setRequiresLink(e.currentTarget.checked)}
              />
            )}
            <Alert variant="light" icon={<IconInfoCircle size={16} />}>
              {t(
                "Bracketed words such as [first name] are filled in for each subscriber; other [placeholders] are yours to replace before sending.",
              )}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.list}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t("Save Template")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
