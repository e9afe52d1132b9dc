import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import {
  IconCopy,
  IconEdit,
  IconExternalLink,
  IconLink,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { offeredGroups } from "../../../../domain/group-choices";
import { type OptinPageResponse, optinPageInput } from "../../../../domain/growth-tools";
import { ListTable } from "../../../components/list/list-table";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useDeleteOptinPage, useOptinPages, useSaveOptinPage } from "../api/growth-tools";
import { useGroupOptions } from "../api/pickers";

const rate = (p: OptinPageResponse) =>
  p.visits ? `${((p.signups / p.visits) * 100).toFixed(1)}%` : "–";

/**
 * Opt-in tracker pages: one link per place the business invites people (a flyer, the counter,
 * Instagram, the web banner), each counting its visits and sign-ups.
 */
export function OptinPagesPanel(props: { canEdit: boolean }) {
  const { t } = useTranslation();
  const list = useOptinPages();
  const remove = useDeleteOptinPage();
  const [editing, setEditing] = useState<OptinPageResponse | null | undefined>(undefined);
  const askDelete = (p: OptinPageResponse) =>
    modals.openConfirmModal({
      title: t("Delete opt-in page"),
      children: (
        <Text size="sm">
          {t(
            "Delete “{{title}}”? Its link stops working; people who signed up there stay subscribed.",
            { title: p.title },
          )}
        </Text>
      ),
      labels: { confirm: t("Delete page"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(p.id, { onSuccess: () => notify.success(t("Page deleted")) }),
    });

  return (
    <Paper withBorder radius="md" p="lg" id="optin-pages">
      <Group justify="space-between" mb="sm">
        <Stack gap={2}>
          <Title order={3} size="h4">
            {t("Opt-in pages")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("A sign-up link for each place you invite people, so you see which one works.")}
          </Text>
        </Stack>
        {props.canEdit && (
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            onClick={() => setEditing(null)}
          >
            {t("New opt-in page")}
          </Button>
        )}
      </Group>
      <ListTable<OptinPageResponse>
        frame="inline"
        query={list}
        records={list.data?.rows ?? []}
        icon={<IconLink size={28} />}
        failedTitle={t("Opt-in pages could not be loaded")}
        empty={
          <Text c="dimmed" size="sm" py="md" ta="center">
            {t("No opt-in page yet. Make one for your flyer, your counter or your web banner.")}
          </Text>
        }
        testId="optin-pages"
        columns={[
          {
            accessor: "title",
            title: t("Page"),
            render: (p) => (
              <>
                <Group gap={6} wrap="nowrap">
                  <Text fw={500}>{p.title}</Text>
                  {!p.active && (
                    <Badge color="gray" variant="light">
                      {t("Paused")}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  /{p.slug}
                </Text>
              </>
            ),
          },
          {
            accessor: "visits",
            title: t("Visits"),
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          { accessor: "signups", title: t("Sign-ups"), textAlign: "right" },
          {
            accessor: "rate",
            title: t("Rate"),
            textAlign: "right",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: rate,
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            render: (p) => (
              <Group gap={2} justify="flex-end" wrap="nowrap">
                <CopyButton value={p.publicUrl}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t("Copied") : t("Copy link")}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("Copy link of {{title}}", { title: p.title })}
                        onClick={copy}
                      >
                        <IconCopy size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
                <Tooltip label={t("Open")}>
                  <ActionIcon
                    variant="subtle"
                    component="a"
                    href={p.publicUrl}
                    target="_blank"
                    aria-label={t("Open {{title}}", { title: p.title })}
                  >
                    <IconExternalLink size={16} />
                  </ActionIcon>
                </Tooltip>
                {props.canEdit && (
                  <>
                    <Tooltip label={t("Edit")}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("Edit {{name}}", { name: p.title })}
                        onClick={() => setEditing(p)}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t("Delete")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("Delete {{name}}", { name: p.title })}
                        onClick={() => askDelete(p)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
              </Group>
            ),
          },
        ]}
      />
      <OptinPageEditor
        opened={editing !== undefined}
        page={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </Paper>
  );
}

interface Values {
  slug: string;
  title: string;
  description: string;
  buttonText: string;
  groupIds: string[];
  active: boolean;
}

function OptinPageEditor(props: {
  opened: boolean;
  page: OptinPageResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const groups = useGroupOptions();
  const save = useSaveOptinPage();
  const p = props.page;
  const form = useForm<Values>({
    initialValues: {
      slug: "",
      title: "",
      description: "",
      buttonText: t("Sign up"),
      groupIds: [],
      active: true,
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!props.opened) return;
    form.setValues(
      p
        ? { ...p, groupIds: p.groupIds.map(String) }
        : {
            slug: "",
            title: "",
            description: "",
            buttonText: t("Sign up"),
            groupIds: [],
            active: true,
          },
    );
    form.clearErrors();
  }, [props.opened]);

  const submit = form.onSubmit((values) => {
    const input = optinPageInput.safeParse({ ...values, groupIds: values.groupIds.map(Number) });
    if (!input.success) {
      for (const i of input.error.issues)
        form.setFieldError(String(i.path[0]), translateMessage(i.message));
      return;
    }
    save.mutate(
      { id: p?.id ?? null, input: input.data },
      {
        onSuccess: () => {
          notify.success(p ? t("Opt-in page saved") : t("Opt-in page created"));
          props.onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields)
            form.setErrors(translateFields(err.extra.fields) as never);
          else notify.error(translateMessage(err.message));
        },
      },
    );
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={p ? t("Edit opt-in page") : t("New opt-in page")}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("Headline")}
            withAsterisk
            placeholder={t("Fresh bread alerts")}
            {...form.getInputProps("title")}
          />
          <TextInput
            label={t("Address")}
            withAsterisk
            description={t("The end of the link: lower-case letters, digits and dashes")}
            placeholder={t("front-desk")}
            {...form.getInputProps("slug")}
          />
          <Textarea
            label={t("Description")}
            description={t(
              "Shown under the headline; your sign-up page's welcome message when empty",
            )}
            autosize
            minRows={2}
            {...form.getInputProps("description")}
          />
          <TextInput label={t("Button text")} {...form.getInputProps("buttonText")} />
          <MultiSelect
            label={t("Add sign-ups to groups")}
            data={offeredGroups(groups.data, form.values.groupIds)}
            searchable
            {...form.getInputProps("groupIds")}
          />
          <Switch
            label={t("Page is live")}
            {...form.getInputProps("active", { type: "checkbox" })}
          />
          <Text size="xs" c="dimmed">
            {t(
              "The page uses your sign-up page's colours, logo and fields, and records each person's consent the same way.",
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {p ? t("Save page") : t("Create page")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
