import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Grid,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import {
  IconAddressBook,
  IconArrowsMinimize,
  IconClock,
  IconInfoCircle,
  IconLink,
  IconPaperclip,
  IconPhotoAi,
  IconSend,
  IconSparkles,
  IconTemplate,
  IconTestPipe,
} from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CONTENT_RULE_TEXT, linksAllowedFrom } from "../../../../domain/content-rules";
import { bodyForDisplay, LINK_TOKEN_RE, linkTokenIds } from "../../../../domain/links";
import { COMPOSE_TEXT, isImageName } from "../../../../domain/message-compose.schemas";
import {
  composeText,
  messageFormSchema,
  messageFraming,
  messageLength,
} from "../../../../domain/message-form.schemas";
import { numberLabel } from "../../../../domain/phone";
import { countSegments, MMS_CREDITS } from "../../../../domain/segments";
import { needsSendConfirmation } from "../../../../domain/send-audience";
import {
  type EditorAttachment,
  MessageEditor,
  type MessageEditorHandle,
} from "../../../components/message-editor/message-editor";
import { SignatureTool } from "../../../components/message-editor/signature-tool";
import { activeSignature, useSignature } from "../../../components/message-editor/use-signature";
import { AiImageDialog } from "../../../components/message-tools/ai-image-dialog";
import { AiShortenDialog } from "../../../components/message-tools/ai-shorten-dialog";
import { AiSuggestDialog } from "../../../components/message-tools/ai-suggest-dialog";
import { useContentStatus, useLinkUrls } from "../../../components/message-tools/api";
import { LinkModal } from "../../../components/message-tools/link-modal";
import {
  type PickedTemplate,
  TemplatePicker,
} from "../../../components/message-tools/template-picker";
import { ToolButton } from "../../../components/message-tools/tool-button";
import { useContactCard } from "../../../components/message-tools/use-contact-card";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, tk, translateMessage, translatePhrase } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useAccountSetting } from "../../settings/api/account-settings";
import {
  type SendAnswer,
  uploadAttachment,
  useAudience,
  useQuietHours,
  useSaveSend,
  useSendAllHidden,
  useSendingNumbers,
  useSendRecord,
  useTestSend,
} from "../api/send-message-api";
import { AudienceSummary } from "../components/audience-summary";
import { RecipientsField } from "../components/recipients-field";
import { ScheduleFields } from "../components/schedule-fields";
import { type SendDialog, SendDialogs } from "../components/send-dialogs";
import { TestSendModal } from "../components/test-send-modal";
import { exclusionText } from "../lib/audience-text";
import {
  attachmentFromUrl,
  type FormValues,
  initialValues,
  inQuietHours,
  valuesFromSaved,
} from "../lib/form-state";

type Tool = null | "link" | "template" | "suggest" | "shorten" | "image" | "test";

const SHORTEN_MAX = 1500;
const ATTACH_ACCEPT =
  "image/jpeg,image/png,image/gif,image/bmp,.jpg,.jpeg,.png,.gif,.bmp,.pdf,.vcf,.mp3,.m4a,.wav,.mp4,.3gp";
const LINK_REQUIRED = tk("A link is required with this template");
const ONE_LINK = tk("You can only send 1 link per message");

function hasLinkToken(text: string): boolean {
  return [...text.matchAll(LINK_TOKEN_RE)].length > 0;
}

/** /send-message: compose, address, schedule and send a message (spec doc 2 §1-9). */
export default function SendMessagePage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get("edit")) || null;
  const mobile = useMediaQuery("(max-width: 1024px)");
  const zone = me?.timezoneIana ?? "America/New_York";

  const sendAllHidden = useSendAllHidden();
  const numbers = useSendingNumbers();
  const quiet = useQuietHours();
  const signature = useSignature();
  const sendSettings = useAccountSetting("send_settings");
  const contentStatus = useContentStatus();
  const contactCard = useContactCard();
  const record = useSendRecord(editId);
  const save = useSaveSend(editId);
  const testSend = useTestSend();

  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: initialValues(zone, false),
  });
  const values = form.values;
  const isMms = !values.isSMS;
  const [attachments, setAttachments] = useState<EditorAttachment[]>([]);
  const [dialog, setDialog] = useState<SendDialog>(null);
  const [tool, setTool] = useState<Tool>(null);
  const [mmsNotice, setMmsNotice] = useState(false);
  const mmsNoticeShown = useRef(false);
  const [uploading, setUploading] = useState(false);
  const [signatureDirty, setSignatureDirty] = useState(false);
  const [template, setTemplate] = useState<PickedTemplate | null>(null);
  const editorRef = useRef<MessageEditorHandle>(null);
  const loadedEdit = useRef<number | null>(null);

  // The account's zone, and recipients forced to 'true' when send-to-all is hidden.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when this input changes, not on every form change.
  useEffect(() => {
    if (!editId) form.setFieldValue("timezone", zone);
  }, [zone, editId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when this input changes, not on every form change.
  useEffect(() => {
    if (sendAllHidden.data && form.values.isSubscribers === "all")
      form.setFieldValue("isSubscribers", "true");
  }, [sendAllHidden.data]);

  const numberRows = numbers.data?.rows ?? [];
  const usableNumbers = numberRows.filter(
    (n) => n.state === "active" && (!n.tollFree || n.verified),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when this input changes, not on every form change.
  useEffect(() => {
    if (form.values.longcodeId === null && usableNumbers[0])
      form.setFieldValue("longcodeId", usableNumbers[0].id);
  }, [numbers.data]);

  // Edit mode: the saved form comes back into the fields once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when this input changes, not on every form change.
  useEffect(() => {
    if (!record.data || loadedEdit.current === record.data.id) return;
    loadedEdit.current = record.data.id;
    const saved = record.data.form;
    const restored = valuesFromSaved(saved, initialValues(zone, false));
    // No number saved means the account's default one: show which that is.
    form.setValues({ ...restored, longcodeId: restored.longcodeId ?? form.values.longcodeId });
    const images = Array.isArray(saved.image) ? (saved.image as string[]) : [];
    setAttachments(images.map((u) => attachmentFromUrl(u)));
  }, [record.data]);

  const chosenNumber = numberRows.find((n) => n.id === values.longcodeId);
  const numberPending = chosenNumber?.state === "pending";
  const numberUnverified = chosenNumber?.tollFree === true && !chosenNumber.verified;
  const noNumbers = numbers.isSuccess && numberRows.length === 0;
  const locked = editId !== null && record.data !== undefined && record.data.status !== "scheduled";
  const unverifiedTollFree = contentStatus.data?.unverifiedTollFree === true;
  const cardAttached = attachments.some((a) => a.kind === "vcard");
  const imageAttached = attachments.some((a) => a.kind !== "vcard");
  const linkInText = hasLinkToken(values.message);
  // The content rule's facts (content-rules.ts), so what is greyed out here is what the server
  // refuses: links from a local number before 10DLC approval, free text under 'Templates only'.
  const linksAllowed =
    !chosenNumber || linksAllowedFrom(chosenNumber, contentStatus.data?.tenDlcRegistered ?? true);
  const templatesOnly = contentStatus.data?.templatesOnly === true;

  const framing = messageFraming(
    { header: values.header, footer: values.footer },
    { organisationName: me?.businessName ?? "", signature: activeSignature(signature.data) },
  );
  // The account's send settings (Settings page) frame every text too: counted as sent.
  const preview = composeText(
    { header: values.header, footer: values.footer, message: values.message },
    {
      organisationName: me?.businessName ?? "",
      signature: activeSignature(signature.data),
      sendSettings: sendSettings.data,
    },
  );
  const linkUrls = useLinkUrls(linkTokenIds(preview));
  // The preview reads as the recipient will: a tracked link as its short address.
  const previewShown = linkUrls ? bodyForDisplay(preview, linkUrls) : preview;
  const smsCredits = countSegments(preview).segments;
  const creditsEach = isMms ? MMS_CREDITS : smsCredits;

  // Who it reaches after consent, opt-outs, blocks and landlines; the preview read by the first.
  const audienceNow = useMemo(
    () => ({
      isSubscribers: values.isSubscribers,
      subscriberIds: values.subscriberIds,
      groupIds: values.groupIds,
      text: preview,
      longcodeId: values.longcodeId,
    }),
    [values.isSubscribers, values.subscriberIds, values.groupIds, preview, values.longcodeId],
  );
  const [audienceReq] = useDebouncedValue(audienceNow, 400);
  const audienceAsked =
    audienceReq.isSubscribers === "all" ||
    (audienceReq.isSubscribers === "true"
      ? audienceReq.subscriberIds.length > 0
      : audienceReq.groupIds.length > 0);
  const audience = useAudience(audienceReq, audienceAsked);
  const sampled = audienceAsked && audience.data?.sampleText ? audience.data.sampleText : null;

  // ---- message type and attachments -------------------------------------------------------

  const setMms = (next: boolean) => {
    if (next === isMms) return;
    if (next) {
      form.setFieldValue("isSMS", false);
      if (!mmsNoticeShown.current && attachments.length === 0) {
        mmsNoticeShown.current = true;
        setMmsNotice(true);
      }
    } else {
      // Back to SMS: the attachment and the contact card go (spec doc 2 §4).
      form.setFieldValue("isSMS", true);
      setAttachments([]);
      setMmsNotice(false);
    }
  };
  useEffect(() => {
    if (!mmsNotice || !mobile) return;
    const timer = setTimeout(() => setMmsNotice(false), 5000);
    return () => clearTimeout(timer);
  }, [mmsNotice, mobile]);

  const attach = (a: EditorAttachment) => {
    // One attachment a message (the MMS size limit); an image and the contact card exclude each other.
    setAttachments([a]);
    form.setFieldValue("isSMS", false);
    form.clearFieldError("image");
    setMmsNotice(false);
  };

  const addFiles = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (cardAttached) {
      notify.error(t("Remove the contact card to attach a file instead."));
      return;
    }
    setUploading(true);
    try {
      const kind =
        isImageName(file.name) || file.type.startsWith("image/") ? "image" : "attachment";
      const name =
        kind === "image" && !isImageName(file.name) ? `${file.name || "pasted"}.png` : file.name;
      const uploaded = await uploadAttachment(new File([file], name, { type: file.type }), kind);
      attach(attachmentFromUrl(uploaded.fileUrl, uploaded.filename));
    } catch {
      // The API client has shown the server's message.
    } finally {
      setUploading(false);
    }
  };

  const attachContactCard = () => {
    if (contactCard.isLoading) return;
    if (!contactCard.downloadUrl) {
      setDialog("noContactCard");
      return;
    }
    attach({ url: contactCard.downloadUrl, name: t("Contact Card"), kind: "vcard" });
  };

  const pickTemplate = (picked: PickedTemplate) => {
    setTemplate(picked);
    form.setFieldValue("templateId", picked.id);
    form.setFieldValue("message", picked.message);
    form.clearFieldError("message");
    if (picked.attachment) attach(attachmentFromUrl(picked.attachment));
    else if (picked.isMMS) setMms(true);
    if (picked.requiresLink && !hasLinkToken(picked.message)) {
      // From a number that may not carry links, say why rather than offer a link.
      if (!linksAllowed) notify.info(CONTENT_RULE_TEXT.linksNeedRegistration);
      else {
        notify.info(t(LINK_REQUIRED));
        setTool("link");
      }
    }
  };

  // ---- sending ----------------------------------------------------------------------------

  const resetAfterSend = () => {
    const keep = form.values;
    form.setValues({
      ...initialValues(zone, sendAllHidden.data === true),
      longcodeId: keep.longcodeId,
      header: keep.header,
      footer: keep.footer,
      isSMS: true,
    });
    setAttachments([]);
    setTemplate(null);
  };

  const showError = (err: unknown) => {
    if (!(err instanceof ApiError)) return;
    const reason = err.extra.reason ?? "";
    if (err.code === ("INSUFFICIENT_CREDITS" as string)) return setDialog("credits");
    if (err.code === ("INSUFFICIENT_INTERNATIONAL_CREDITS" as string))
      return setDialog("international");
    if (err.code === ("QUIET_HOURS" as string)) return setDialog("quietHours");
    if (/MTANoUrlAllowed|no_url_allowed|links_not_allowed/i.test(reason))
      return setDialog("unableToSend");
    if (err.extra.fields) {
      for (const [field, message] of Object.entries(err.extra.fields))
        form.setFieldError(field, message);
    }
    if (err.status !== 401 && err.code !== "NETWORK") notify.error(err.message);
  };

  const submit = (sendAnyway = false, confirmed = false) => {
    if (save.isPending || locked) return;
    const input = { ...form.values, image: attachments.map((a) => a.url), sendAnyway };
    const parsed = messageFormSchema.safeParse(input);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      form.setErrors(errors);
      return;
    }
    form.clearErrors();
    if (template?.requiresLink && !hasLinkToken(parsed.data.message)) {
      form.setFieldError("message", t(LINK_REQUIRED));
      return;
    }
    if (!sendAnyway && inQuietHours(quiet.data ?? [], form.values, zone)) {
      setDialog("quietHours");
      return;
    }
    setDialog(null);
    // All Subscribers or more than 500 people: say how many and what it costs, then ask.
    if (!confirmed && editId === null) {
      const n = audience.data?.recipients ?? 0;
      const abroad = audience.data?.abroad ?? 0;
      if (needsSendConfirmation(parsed.data.isSubscribers, n)) {
        const excluded = audience.data ? exclusionText(audience.data) : "";
        modals.openConfirmModal({
          title: values.isScheduled ? t("Schedule this message?") : t("Send this message?"),
          children: (
            <Stack gap={4}>
              <Text size="sm" data-testid="confirm-send-count">
                {parsed.data.isSubscribers === "all" ? `${t("All Subscribers")}: ` : ""}
                {abroad > 0
                  ? t("{{n}} people will get it, for {{credits}} and {{international}}.", {
                      count: n,
                      n: formatNumber(n),
                      credits: t("{{n}} credits", {
                        count: n * creditsEach,
                        n: formatNumber(n * creditsEach),
                      }),
                      international: t("{{n}} international credits", {
                        count: abroad * creditsEach,
                        n: formatNumber(abroad * creditsEach),
                      }),
                    })
                  : t("{{n}} people will get it, for {{credits}}.", {
                      count: n,
                      n: formatNumber(n),
                      credits: t("{{n}} credits", {
                        count: n * creditsEach,
                        n: formatNumber(n * creditsEach),
                      }),
                    })}
              </Text>
              {excluded && (
                <Text size="xs" c="dimmed">
                  {excluded}
                </Text>
              )}
            </Stack>
          ),
          labels: {
            confirm: values.isScheduled ? t("Schedule Message") : t("Send Message"),
            cancel: t("Cancel"),
          },
          confirmProps: { "data-testid": "confirm-send" },
          onConfirm: () => submit(sendAnyway, true),
        });
        return;
      }
    }
    save.mutate(parsed.data, {
      onSuccess: (answer: SendAnswer) => {
        const n = answer.recipients;
        if (editId !== null) {
          notify.success(t("Your scheduled message has been updated."));
          navigate("/messages/scheduled");
          return;
        }
        notify.success(
          answer.status === "scheduled"
            ? t("Your message has been scheduled.")
            : t("Your message is on its way to {{n}} subscribers.", {
                count: n,
                n: formatNumber(n),
              }),
        );
        resetAfterSend();
      },
      onError: showError,
    });
  };

  const sendTest = (phone: string) => {
    testSend.mutate(
      {
        message: form.values.message,
        image: attachments.map((a) => a.url),
        header: form.values.header,
        footer: form.values.footer,
        isMMS: isMms,
        longcodeId: form.values.longcodeId,
        templateId: form.values.templateId,
        subscribers: phone,
      },
      {
        onSuccess: () => {
          notify.success(translateMessage(COMPOSE_TEXT.testSent));
          setTool(null);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === ("INSUFFICIENT_CREDITS" as string)) {
            setTool(null);
            setDialog("credits");
          } else if (
            err instanceof ApiError &&
            err.code === ("INSUFFICIENT_INTERNATIONAL_CREDITS" as string)
          ) {
            setTool(null);
            setDialog("international");
          } else if (err instanceof ApiError && err.status !== 401) notify.error(err.message);
        },
      },
    );
  };

  const empty = values.message.trim() === "" && attachments.length === 0;
  const sendDisabled =
    empty || signatureDirty || uploading || noNumbers || numberPending || locked || save.isPending;
  const sendLabel =
    editId !== null
      ? t("Update Message")
      : values.isScheduled
        ? t("Schedule Message")
        : t("Send Message");

  // ---- toolbar ------------------------------------------------------------------------------

  const linkDisabledReason = me?.isTestAccount
    ? t("Links are not available on test accounts")
    : unverifiedTollFree
      ? t("Register your number to insert a short-link")
      : !linksAllowed
        ? translateMessage(CONTENT_RULE_TEXT.linksNeedRegistration)
        : templatesOnly
          ? translateMessage(CONTENT_RULE_TEXT.templatesOnlyComposer)
          : linkInText
            ? t(ONE_LINK)
            : null;
  const showShorten =
    !isMms && messageLength(values.message) <= SHORTEN_MAX && smsCredits > 1 && !unverifiedTollFree;
  const inactive = numberPending || locked;

  const toolbarExtra = (
    <>
      <FileButton onChange={(f) => f && void addFiles([f])} accept={ATTACH_ACCEPT}>
        {(p) => (
          <Tooltip
            label={
              cardAttached
                ? t("Remove the contact card to attach a file")
                : t("Attach an image or file")
            }
          >
            <ActionIcon
              {...p}
              variant="subtle"
              color="gray"
              aria-label={t("Attach a file")}
              disabled={inactive || cardAttached || uploading}
            >
              {uploading ? <Loader size={14} /> : <IconPaperclip size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      <ToolButton
        label={t("Attach contact card")}
        tooltip={
          imageAttached
            ? t("Remove the attachment to add your contact card")
            : t("Attach your contact card")
        }
        icon={<IconAddressBook size={18} />}
        onClick={attachContactCard}
        disabled={inactive || imageAttached}
      />
      <ToolButton
        label={t("Insert a link")}
        tooltip={linkDisabledReason ?? t("Insert a link")}
        icon={<IconLink size={18} />}
        onClick={() => setTool("link")}
        disabled={inactive || linkDisabledReason !== null}
      />
      <ToolButton
        label={t("Insert a template")}
        tooltip={
          unverifiedTollFree
            ? t("Register your number to insert a template")
            : t("Insert a template")
        }
        icon={<IconTemplate size={18} />}
        onClick={() => setTool("template")}
        disabled={inactive}
      />
      <ToolButton
        label={t("Suggest a message")}
        tooltip={
          templatesOnly
            ? translateMessage(CONTENT_RULE_TEXT.templatesOnlyComposer)
            : t("Suggest a message")
        }
        icon={<IconSparkles size={18} />}
        onClick={() => setTool("suggest")}
        disabled={inactive || templatesOnly}
      />
      {showShorten && (
        <ToolButton
          label={t("Shorten message")}
          icon={<IconArrowsMinimize size={18} />}
          onClick={() => setTool("shorten")}
          disabled={inactive || templatesOnly}
        />
      )}
      <ToolButton
        label={t("Generate an image")}
        tooltip={
          cardAttached ? t("Remove the contact card to add an image") : t("Generate an image")
        }
        icon={<IconPhotoAi size={18} />}
        onClick={() => setTool("image")}
        disabled={inactive || cardAttached}
      />
    </>
  );

  const toolbarRight = (
    <>
      <SignatureTool onDirtyChange={setSignatureDirty} disabled={inactive} />
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconTestPipe size={16} />}
        onClick={() => setTool("test")}
        disabled={empty || inactive || noNumbers}
      >
        {t("Send Test")}
      </Button>
    </>
  );

  const numberOptions = useMemo(
    () =>
      numberRows.map((n) => ({
        value: String(n.id),
        label: `${numberLabel(n.number, n.name)}${n.hint ? ` ${n.hint}` : ""}`,
      })),
    [numberRows],
  );

  if (editId !== null && record.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }

  return (
    <>
      <PageHeader
        title={editId !== null ? t("Edit Scheduled Message") : t("Send Message")}
        description={t("Write a text, choose who gets it, and send it now or later.")}
      />
      {editId !== null && record.isError && (
        <Alert color="red" mb="md" title={t("This message could not be loaded")}>
          {t("It may have been canceled or already sent.")}{" "}
          <Anchor component={Link} to="/messages/scheduled">
            {t("Back to scheduled messages")}
          </Anchor>
        </Alert>
      )}
      {locked && (
        <Alert color="orange" mb="md" icon={<IconInfoCircle />}>
          {t("This message has already started sending and can no longer be changed.")}
        </Alert>
      )}
      {noNumbers && (
        <Alert color="red" mb="md" icon={<IconInfoCircle />} data-testid="no-numbers">
          {translateMessage(COMPOSE_TEXT.noNumbers)}{" "}
          {me?.superUser && (
            <Anchor component={Link} to="/dedicated-numbers">
              {t("Add or Manage Numbers")}
            </Anchor>
          )}
        </Alert>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Select
                      label={t("From")}
                      placeholder={numbers.isPending ? t("Loading numbers…") : t("Choose a number")}
                      data={numberOptions}
                      value={values.longcodeId === null ? null : String(values.longcodeId)}
                      onChange={(v) => form.setFieldValue("longcodeId", v ? Number(v) : null)}
                      allowDeselect={false}
                      disabled={noNumbers || locked}
                      error={
                        numberPending
                          ? t("This number is still pending and cannot send yet.")
                          : numberUnverified
                            ? t("This toll-free number is not verified yet: register it to send.")
                            : undefined
                      }
                    />
                    <div>
                      <Text size="sm" fw={500} mb={4} id="type-label">
                        {t("Message type")}
                      </Text>
                      <SegmentedControl
                        aria-labelledby="type-label"
                        data={[
                          { value: "sms", label: "SMS" },
                          { value: "mms", label: "MMS" },
                        ]}
                        value={isMms ? "mms" : "sms"}
                        onChange={(v) => setMms(v === "mms")}
                        disabled={locked}
                      />
                    </div>
                  </SimpleGrid>
                  {mmsNotice && (
                    <Alert
                      color="blue"
                      icon={<IconInfoCircle />}
                      withCloseButton
                      onClose={() => setMmsNotice(false)}
                      data-testid="mms-notice"
                    >
                      {t(
                        "An MMS always carries an image: if you do not attach one, a blank placeholder image is sent with your text. An MMS costs 3 credits.",
                      )}
                    </Alert>
                  )}
                  <RecipientsField
                    who={values.isSubscribers}
                    onWhoChange={(w) => form.setFieldValue("isSubscribers", w)}
                    sendAllHidden={sendAllHidden.data === true}
                    subscriberIds={values.subscriberIds}
                    onSubscriberIdsChange={(ids) => {
                      form.setFieldValue("subscriberIds", ids);
                      form.clearFieldError("subscriberIds");
                    }}
                    groupIds={values.groupIds}
                    onGroupIdsChange={(ids) => {
                      form.setFieldValue("groupIds", ids);
                      form.clearFieldError("groupIds");
                    }}
                    subscribersError={form.errors.subscriberIds as string | undefined}
                    groupsError={form.errors.groupIds as string | undefined}
                    disabled={locked}
                  />
                  <AudienceSummary
                    audience={audienceAsked ? audience.data : undefined}
                    loading={audienceAsked && audience.isFetching}
                    creditsEach={creditsEach}
                    onBuyInternational={() => setDialog("international")}
                  />
                  {/* Said of now: a scheduled send is held by the hours of its own time. */}
                  {audienceAsked && !values.isScheduled && audience.data?.outlook.outsideHours && (
                    <Alert
                      color="orange"
                      icon={<IconClock />}
                      p="xs"
                      data-testid="outside-hours-note"
                    >
                      {translatePhrase(audience.data.outlook.outsideHours)}.
                    </Alert>
                  )}
                  {audienceAsked && audience.data?.outlook.pace && (
                    <Text size="xs" c="dimmed" data-testid="pace-note">
                      {t("Handing it to the carrier takes {{pace}}.", {
                        pace: translatePhrase(audience.data.outlook.pace),
                      })}
                    </Text>
                  )}
                </Stack>
              </Paper>

              <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md">
                <Stack gap="sm">
                  <Text size="sm" fw={500}>
                    {t("Message")}
                  </Text>
                  {templatesOnly && (
                    <Alert
                      color="blue"
                      icon={<IconTemplate />}
                      data-testid="templates-only-note"
                      p="xs"
                    >
                      <Group gap="xs" justify="space-between" wrap="wrap">
                        <Text size="sm">
                          {translateMessage(CONTENT_RULE_TEXT.templatesOnlyComposer)}
                        </Text>
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setTool("template")}
                          disabled={inactive}
                        >
                          {t("Choose a template")}
                        </Button>
                      </Group>
                    </Alert>
                  )}
                  <MessageEditor
                    handleRef={editorRef}
                    value={values.message}
                    onChange={(text) => {
                      form.setFieldValue("message", text);
                      if (form.errors.message) form.clearFieldError("message");
                    }}
                    isMms={isMms}
                    framing={{ ...framing, sendSettings: sendSettings.data }}
                    disabled={inactive}
                    readOnly={numberUnverified || templatesOnly}
                    onSubmit={() => submit()}
                    attachments={attachments}
                    onAttachmentsChange={setAttachments}
                    onPasteFiles={(files) => void addFiles(files)}
                    toolbar={{ extra: toolbarExtra, right: toolbarRight }}
                    error={
                      (form.errors.message as string | undefined) ??
                      (form.errors.image as string | undefined)
                    }
                  />
                  <Group gap="lg" wrap="wrap">
                    <Switch
                      label={t("Add organization name (“{{name}}: ”)", {
                        name: me?.businessName ?? "",
                      })}
                      checked={values.header}
                      onChange={(e) => form.setFieldValue("header", e.currentTarget.checked)}
                      disabled={locked}
                    />
                    <Switch
                      label={t("Add opt-out footer (“Reply STOP to opt out”)")}
                      checked={values.footer}
                      onChange={(e) => form.setFieldValue("footer", e.currentTarget.checked)}
                      disabled={locked}
                    />
                  </Group>
                </Stack>
              </Paper>

              <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md">
                <ScheduleFields form={form} disabled={locked} />
              </Paper>

              <Group justify="flex-end" gap="sm">
                {editId !== null && (
                  <Button variant="default" component={Link} to="/messages/scheduled">
                    {t("Cancel")}
                  </Button>
                )}
                <Tooltip
                  label={
                    signatureDirty
                      ? t("Save or cancel your signature first")
                      : t("Ctrl+Enter (⌘+Enter on a Mac)")
                  }
                >
                  <Button
                    type="submit"
                    leftSection={<IconSend size={16} />}
                    loading={save.isPending}
                    disabled={sendDisabled}
                  >
                    {sendLabel}
                  </Button>
                </Tooltip>
              </Group>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder p="md" radius="md" pos={{ lg: "sticky" } as never} top={80}>
              <Title order={4} mb="sm">
                {t("Preview")}
              </Title>
              {preview.trim() === "" && attachments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("Your message appears here as subscribers will get it.")}
                </Text>
              ) : (
                <Stack gap={6} data-testid="message-preview">
                  {attachments.map((a) => (
                    <Group key={a.url} gap={4} c="dimmed">
                      <IconPaperclip size={14} />
                      <Text size="xs">{a.kind === "vcard" ? t("Contact Card (VCF)") : a.name}</Text>
                    </Group>
                  ))}
                  <Paper
                    radius="lg"
                    p="sm"
                    bg="var(--mantine-color-default-hover)"
                    style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}
                  >
                    <Text size="sm">{sampled ?? previewShown}</Text>
                  </Paper>
                  {sampled && sampled !== previewShown && (
                    <Text size="xs" c="dimmed">
                      {t("As the first recipient will read it.")}
                    </Text>
                  )}
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </form>

      <SendDialogs
        open={dialog}
        onClose={() => setDialog(null)}
        onSendAnyway={() => submit(true)}
        isTestAccount={me?.isTestAccount === true}
        canBuy={(me?.user.permissionLevel ?? 0) >= 1}
      />
      <TestSendModal
        opened={tool === "test"}
        onClose={() => setTool(null)}
        onSend={sendTest}
        sending={testSend.isPending}
      />
      <LinkModal
        opened={tool === "link"}
        onClose={() => setTool(null)}
        mode="sendmessage"
        isMms={isMms}
        onInsert={(token) => {
          setTool(null);
          if (hasLinkToken(form.values.message) && hasLinkToken(token)) {
            notify.error(t(ONE_LINK));
            return;
          }
          const id = /id=(\d+)/.exec(token)?.[1];
          if (id) form.setFieldValue("linkId", Number(id));
          editorRef.current?.insert(token);
          form.clearFieldError("message");
        }}
      />
      <TemplatePicker
        opened={tool === "template"}
        onClose={() => setTool(null)}
        isMms={isMms}
        onPick={pickTemplate}
      />
      <AiSuggestDialog
        opened={tool === "suggest"}
        onClose={() => setTool(null)}
        onAccept={(text) => {
          form.setFieldValue("message", text);
          setTool(null);
        }}
      />
      <AiShortenDialog
        opened={tool === "shorten"}
        onClose={() => setTool(null)}
        message={values.message}
        onAccept={(text) => {
          form.setFieldValue("message", text);
          setTool(null);
        }}
      />
      <AiImageDialog
        opened={tool === "image"}
        onClose={() => setTool(null)}
        onAccept={(a) => {
          attach({ url: a.url, name: a.name, kind: "image" });
          setTool(null);
        }}
      />
    </>
  );
}
