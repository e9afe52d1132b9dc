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
import { useNavigate } from "react-router";
import type { OptinFormResponse } from "../../../../domain/optin-forms";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { notify } from "../../../lib/notify";
import { useDeleteOptinForm, useOptinForms, useSaveOptinForm } from "../api/optin-forms";

const TRIGGER: Record<string, (f: OptinFormResponse) => string> = {
  delay: (f) => `After ${f.display.delaySeconds} s`,
  scroll: (f) => `At ${f.display.scrollPercent}% scrolled`,
  exit: () => "On exit intent",
};

/** /optins/opt-in-forms: the popups, their counts, and the one script tag that embeds them. */
export default function OptinFormsPage() {
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
      { onSuccess: () => notify.success(f.status === "active" ? "Form paused" : "Form active") },
    );
  };
  const askDelete = (f: OptinFormResponse) =>
    modals.openConfirmModal({
      title: "Delete opt-in form",
      children: <Text size="sm">Delete “{f.name}”? It stops showing on your site at once.</Text>,
      labels: { confirm: "Delete form", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(f.id, { onSuccess: () => notify.success("Form deleted") }),
    });

  return (
    <>
      <PageHeader
        title="Opt-In Forms"
        description="Popups on your website that collect numbers, confirmed by a code texted to the visitor."
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => navigate("/optins/opt-in-forms/create")}
          >
            Create form
          </Button>
        }
      />
      {list.data && (
        <Paper withBorder radius="md" p="md" mb="md">
          <Group justify="space-between" mb={6}>
            <Text fw={600}>Embed on your site</Text>
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? "Copied" : "Copy code"}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed" mb={6}>
            Paste this once before &lt;/body&gt; on every page; each active form shows where its
            rules say.
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
        <LoadFailed icon={<IconForms />} title="Opt-in forms could not be loaded" query={list} />
      ) : list.data.forms.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconForms />}
            title="No opt-in forms yet"
            description="Create a popup that asks visitors of your website to join your texts."
            action={{
              label: "Create form",
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
                      {f.status === "active" ? "Active" : "Paused"}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {TRIGGER[f.display.trigger]?.(f)} ·{" "}
                    {f.display.urlMode === "all"
                      ? "every page"
                      : `pages that ${f.display.urlMode === "contains" ? "contain" : "do not contain"} “${f.display.urlValue}”`}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => navigate(`/optins/opt-in-forms/details/${f.id}`)}
                  >
                    Edit
                  </Button>
                  <Button size="xs" variant="default" onClick={() => toggle(f)}>
                    {f.status === "active" ? "Pause" : "Activate"}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => askDelete(f)}>
                    Delete
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={3} mt="sm" maw={420}>
                <Stat label="Views" value={f.views} />
                <Stat label="Submissions" value={f.submissions} />
                <Stat label="Confirmed" value={f.confirmations} />
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
        {props.value.toLocaleString()}
      </Text>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
    </div>
  );
}
