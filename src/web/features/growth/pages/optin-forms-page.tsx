import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconForms, IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { OptinFormResponse } from "../../../../domain/optin-forms";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { formatNumber } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useDeleteOptinForm, useOptinForms, useSaveOptinForm } from "../api/optin-forms";

const TRIGGER: Record<string, (f: OptinFormResponse, t: TFunction) => string> = {
  delay: (f, t) => t("After {{n}} s", { n: f.display.delaySeconds }),
  scroll: (f, t) => t("At {{n}}% scrolled", { n: f.display.scrollPercent }),
  exit: (_f, t) => t("On exit intent"),
};

/** Where a form shows: every page, or the pages whose address contains (or not) a text. */
function pagesText(f: OptinFormResponse, t: TFunction): string {
  if (f.display.urlMode === "all") return t("every page");
  return f.display.urlMode === "contains"
    ? t("pages that contain “{{text}}”", { text: f.display.urlValue })
    : t("pages that do not contain “{{text}}”", { text: f.display.urlValue });
}

/** /optins/opt-in-forms: the popups, their counts, and the one script tag that embeds them. */
export default function OptinFormsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useOptinForms();
  const save = useSaveOptinForm();
  const remove = useDeleteOptinForm();
  const snippet = list.data
    ? `<script src="${list.data.embedUrl}" data-account="${list.data.accountName}" async></script>`
    : "";

  const toggle = (f: OptinFormResponse) => {
    const { id, views: _v, submissions: _s, confirmations: _c, createdAt: _d, ...input } = f;
    save.mutate(
      { id, input: { ...input, status: f.status === "active" ? "paused" : "active" } },
      {
        onSuccess: () =>
          notify.success(f.status === "active" ? t("Form paused") : t("Form active")),
      },
    );
  };
  const askDelete = (f: OptinFormResponse) =>
    modals.openConfirmModal({
      title: t("Delete opt-in form"),
      children: (
        <Text size="sm">
          {t("Delete “{{name}}”? It stops showing on your site at once.", { name: f.name })}
        </Text>
      ),
      labels: { confirm: t("Delete form"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(f.id, { onSuccess: () => notify.success(t("Form deleted")) }),
    });

  return (
    <>
      <PageHeader
        title={t("Opt-In Forms")}
        description={t(
          "Popups on your website that collect numbers, confirmed by a code texted to the visitor.",
        )}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => navigate("/optins/opt-in-forms/create")}
          >
            {t("Create form")}
          </Button>
        }
      />
      {list.data && (
        <Paper withBorder radius="md" p="md" mb="md">
          <Group justify="space-between" mb={6}>
            <Text fw={600}>{t("Embed on your site")}</Text>
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? t("Copied") : t("Copy code")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed" mb={6}>
            {t(
              "Paste this once before </body> on every page; each active form shows where its rules say.",
            )}
          </Text>
          <Code
            block
            data-testid="embed-snippet"
            style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}
          >
            {snippet}
          </Code>
        </Paper>
      )}
      {list.isPending ? (
        <Skeleton h={160} />
      ) : list.isError ? (
        <LoadFailed
          icon={<IconForms />}
          title={t("Opt-in forms could not be loaded")}
          query={list}
        />
      ) : list.data.forms.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconForms />}
            title={t("No opt-in forms yet")}
            description={t("Create a popup that asks visitors of your website to join your texts.")}
            action={{
              label: t("Create form"),
              onClick: () => navigate("/optins/opt-in-forms/create"),
            }}
          />
        </Paper>
      ) : (
        <Stack>
          {list.data.forms.map((f) => (
            <Paper key={f.id} withBorder radius="md" p="md" data-testid={`optin-form-${f.id}`}>
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Title order={4}>{f.name}</Title>
                    <Badge color={f.status === "active" ? "green" : "yellow"}>
                      {f.status === "active" ? t("Active") : t("Paused")}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {TRIGGER[f.display.trigger]?.(f, t)} · {pagesText(f, t)}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => navigate(`/optins/opt-in-forms/details/${f.id}`)}
                  >
                    {t("Edit")}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => toggle(f)}>
                    {f.status === "active" ? t("Pause") : t("Activate")}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => askDelete(f)}>
                    {t("Delete")}
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={3} mt="sm" maw={420}>
                <Stat label={t("Views")} value={f.views} />
                <Stat label={t("Submissions")} value={f.submissions} />
                <Stat label={t("Confirmed")} value={f.confirmations} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}

function Stat(props: { label: string; value: number }) {
  return (
    <div>
      <Text size="xl" fw={700}>
        {formatNumber(props.value)}
      </Text>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
    </div>
  );
}
