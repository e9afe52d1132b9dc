import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCheck, IconCopy, IconLink, IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DeeplinkRow, deeplinkUri } from "../../../../domain/sign-in.schemas";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useCreateDeeplink, useDeeplinks, useDeleteDeeplink } from "../api/deeplinks";

const DEEPLINKS_LIST = defineList({});

/**
 * /deeplinks: short links of the account (/{deeplinkUrlId}, spec doc 3 §4). Each opens its
 * target, or the account's sign-up page when it has none.
 */
export default function DeeplinksPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const view = useListState(DEEPLINKS_LIST, "local:deeplinks");
  const list = useDeeplinks();
  const create = useCreateDeeplink();
  const remove = useDeleteDeeplink();
  const [uri, setUri] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deeplinkUri.safeParse(uri);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message && translateMessage(message));
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (row) => {
        setUri("");
        notify.success(t("Deeplink created: {{url}}", { url: row.url }));
      },
      onError: (err) =>
        setError(translateMessage(err instanceof ApiError ? err.message : String(err))),
    });
  };

  const confirmDelete = (row: DeeplinkRow) =>
    modals.openConfirmModal({
      title: t("Delete this deeplink?"),
      children: (
        <Text size="sm">
          {t("{{url}} will stop working for everyone who has it. This cannot be undone.", {
            url: row.url,
          })}
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(row.id, { onSuccess: () => notify.success(t("Deeplink deleted")) }),
    });

  const { rows, total } = clientRows(list.data?.rows ?? [], view, {
    text: (r) => `${r.url} ${r.uri ?? ""}`,
  });
  return (
    <>
      <PageHeader
        title={t("Deeplinks")}
        description={t(
          "Short links to share in texts, print or ads. Each one opens the page you choose, or your sign-up page.",
        )}
      />
      <Paper withBorder radius="md" p="md" mb="lg" maw={760}>
        <form onSubmit={onCreate} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t("Opens")}
              placeholder={t("https://example.com/offer, or blank for your sign-up page")}
              value={uri}
              error={error}
              onChange={(e) => setUri(e.currentTarget.value)}
              style={{ flex: "1 1 280px" }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={create.isPending}>
              {t("Create Deeplink")}
            </Button>
          </Group>
        </form>
      </Paper>
      <ListTable<DeeplinkRow>
        frame="bare"
        query={list}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconLink size={28} />}
        failedTitle={t("Deeplinks could not be loaded")}
        empty={{
          title: t("No deeplinks yet"),
          description: t(
            "Create one above: you get a short address of this site that sends people where you chose.",
          ),
        }}
        toolbar={
          <ListSearch label={t("Search deeplinks")} value={view.query} onSearch={view.setQuery} />
        }
        testId="deeplinks"
        columns={[
          {
            accessor: "url",
            title: t("Link"),
            render: (r) => (
              <Stack gap={2}>
                <Group gap={4} wrap="nowrap">
                  <Anchor href={r.url} target="_blank" rel="noreferrer" size="sm">
                    {r.url.replace(/^https?:\/\//, "")}
                  </Anchor>
                  <CopyButton value={r.url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t("Copied") : t("Copy link")}>
                        <ActionIcon variant="subtle" onClick={copy} aria-label={t("Copy link")}>
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                {/* Small screens: the target under the link, not in a column. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm" truncate maw={220}>
                  {r.uri === null
                    ? t("Opens your sign-up page")
                    : t("Opens {{uri}}", { uri: r.uri })}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "uri",
            title: t("Opens"),
            visibleMediaQuery: "(min-width: 48em)",
            render: (r) => (
              <Text size="sm" truncate maw={360}>
                {r.uri ?? t("Your sign-up page")}
              </Text>
            ),
          },
          {
            accessor: "createdAt",
            title: t("Created"),
            noWrap: true,
            visibleMediaQuery: "(min-width: 48em)",
            render: (r) => formatDateTime(r.createdAt, timeZone),
          },
          {
            accessor: "actions",
            title: "",
            textAlign: "right",
            render: (r) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("Delete {{url}}", { url: r.url })}
                onClick={() => confirmDelete(r)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          },
        ]}
      />
    </>
  );
}
