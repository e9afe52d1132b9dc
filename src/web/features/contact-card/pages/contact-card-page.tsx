import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  CopyButton,
  Grid,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  IconCheck,
  IconCopy,
  IconDownload,
  IconId,
  IconPhoto,
  IconUpload,
  IconX,
} from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CONTACT_CARD_MAX_UPLOAD_BYTES,
  CONTACT_CARD_TEXTS,
  type ContactCard,
  contactCardFields,
} from "../../../../domain/contact-card.schemas";
import { FileDrop, type FileRejection } from "../../../components/file-drop/file-drop";
import { LoadFailed } from "../../../components/load-failed";
import { useContactCardQuery, useSaveContactCard } from "../../../components/message-tools/api";
import { PageHeader } from "../../../components/page-header";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** /optins/contact-card: the business's vCard (name, description, website, photo) and its link. */
export default function ContactCardPage() {
  const { t } = useTranslation();
  const query = useContactCardQuery();
  return (
    <>
      <PageHeader
        title={t("Contact Card")}
        description={t(
          "Subscribers save your business to their phone's contacts in one tap: attach the card to a message or share its link.",
        )}
      />
      {query.isPending ? (
        <Skeleton height={420} radius="lg" />
      ) : query.isError ? (
        <Paper withBorder radius="lg">
          <LoadFailed
            icon={<IconId size={28} />}
            title={t("The contact card could not be loaded")}
            query={query}
          />
        </Paper>
      ) : (
        <ContactCardEditor
          key={query.data.card?.updatedAt ?? "new"}
          card={query.data.card}
          downloadUrl={query.data.downloadUrl}
        />
      )}
    </>
  );
}

function ContactCardEditor(props: { card: ContactCard | null; downloadUrl: string | null }) {
  const { t } = useTranslation();
  const { card } = props;
  const save = useSaveContactCard();
  const [organizationName, setOrganizationName] = useState(card?.organizationName ?? "");
  const [description, setDescription] = useState(card?.description ?? "");
  const [website, setWebsite] = useState(card?.website ?? "");
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoPreview, setPhotoPreview] = useState<string | null>(card?.photo ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPhotoPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const onReject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setErrors((e) => ({
      ...e,
      photo: translateMessage(
        code === "file-too-large" ? CONTACT_CARD_TEXTS.tooLarge : CONTACT_CARD_TEXTS.badImage,
      ),
    }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = contactCardFields.safeParse({ organizationName, description, website });
    const next: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? [])
      next[String(issue.path[0])] ??= translateMessage(issue.message);
    if (!photo && !card) next.photo = translateMessage(CONTACT_CARD_TEXTS.imageRequired);
    setErrors(next);
    if (!parsed.success || next.photo) return;
    const form = new FormData();
    form.append("organizationName", parsed.data.organizationName);
    form.append("description", parsed.data.description);
    form.append("website", parsed.data.website);
    if (photo) form.append("photo", photo);
    try {
      const res = await save.mutateAsync(form);
      notify.success(
        translateMessage(res.created ? CONTACT_CARD_TEXTS.created : CONTACT_CARD_TEXTS.updated),
      );
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.extra.fields) setErrors(translateFields(err.extra.fields));
        notify.error(err.message);
      }
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t("Organization Name")}
                value={organizationName}
                onChange={(e) => {
                  setOrganizationName(e.currentTarget.value);
                  setErrors((x) => ({ ...x, organizationName: "" }));
                }}
                error={errors.organizationName}
                required
                maxLength={100}
              />
              <Textarea
                label={t("Description")}
                description={t("Shown as the note on the contact.")}
                autosize
                minRows={2}
                maxRows={6}
                value={description}
                onChange={(e) => {
                  setDescription(e.currentTarget.value);
                  setErrors((x) => ({ ...x, description: "" }));
                }}
                error={errors.description}
                maxLength={500}
              />
              <TextInput
                label={t("Website")}
                placeholder="https://example.com"
                value={website}
                onChange={(e) => {
                  setWebsite(e.currentTarget.value);
                  setErrors((x) => ({ ...x, website: "" }));
                }}
                error={errors.website}
              />
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t("Image")}{" "}
                  <Text span c="red">
                    *
                  </Text>
                </Text>
                <FileDrop
                  onDrop={(files) => {
                    setPhoto(files[0] ?? null);
                    setErrors((e) => ({ ...e, photo: "" }));
                  }}
                  onReject={onReject}
                  accept={IMAGE_TYPES}
                  maxSize={CONTACT_CARD_MAX_UPLOAD_BYTES}
                  multiple={false}
                  aria-label={t("Contact card image")}
                >
                  <Group justify="center" gap="md" mih={96} style={{ pointerEvents: "none" }}>
                    <FileDrop.Accept>
                      <IconUpload size={32} />
                    </FileDrop.Accept>
                    <FileDrop.Reject>
                      <IconX size={32} />
                    </FileDrop.Reject>
                    <FileDrop.Idle>
                      {photoPreview ? (
                        <Image src={photoPreview} alt="" h={72} w={72} radius="md" fit="cover" />
                      ) : (
                        <IconPhoto size={32} />
                      )}
                    </FileDrop.Idle>
                    <Stack gap={2}>
                      <Text size="sm">
                        {photoPreview
                          ? t("Drop a new image or click to replace")
                          : t("Drop your logo here or click to choose")}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("JPEG, PNG, GIF or WebP up to 10 MB; resized to 400 × 400 px.")}
                      </Text>
                    </Stack>
                  </Group>
                </FileDrop>
                {errors.photo && (
                  <Text size="xs" c="red" role="alert">
                    {errors.photo}
                  </Text>
                )}
              </Stack>
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  {card ? t("Save Contact Card") : t("Create Contact Card")}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Paper withBorder radius="lg" p="lg">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="sm">
              {t("Preview")}
            </Text>
            <Stack align="center" gap={6}>
              <Avatar src={photoPreview} size={96} radius={96} color="brand">
                {organizationName.slice(0, 2).toUpperCase() || <IconId size={40} />}
              </Avatar>
              <Text fw={700} size="lg" ta="center">
                {organizationName || t("Organization Name")}
              </Text>
              {description && (
                <Text size="sm" c="dimmed" ta="center" style={{ whiteSpace: "pre-wrap" }}>
                  {description}
                </Text>
              )}
              {website && (
                <Text size="sm" c="blue" ta="center" style={{ wordBreak: "break-all" }}>
                  {website}
                </Text>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Text fw={600} mb={4}>
              {t("Download link")}
            </Text>
            {props.downloadUrl ? (
              <Stack gap="xs">
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" c="dimmed" truncate data-testid="contact-card-url">
                    {props.downloadUrl}
                  </Text>
                  <CopyButton value={props.downloadUrl} timeout={1000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t("Copied") : t("Copy link")} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? "teal" : "gray"}
                          onClick={copy}
                          aria-label={t("Copy link")}
                        >
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                <Anchor href={props.downloadUrl} download size="sm">
                  <Group gap={4}>
                    <IconDownload size={16} />
                    {t("Download vCard")}
                  </Group>
                </Anchor>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("{{notCreated}}. Save it to get its link.", {
                  notCreated: translateMessage(CONTACT_CARD_TEXTS.notCreated),
                })}
              </Text>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
