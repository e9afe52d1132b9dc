import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconBrandGoogle, IconInfoCircle, IconSearch } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { INDUSTRIES } from "../../../domain/industries";
import {
  createLinkRequest,
  GOOGLE_REVIEW_ROW,
  googleReviewUrl,
  LINK_TEXTS,
  type Link,
  linkToken,
  UTM_KEYS,
  type UtmKey,
} from "../../../domain/links";
import { tk, translateMessage } from "../../i18n";
import { ApiError } from "../../lib/api-client";
import { useCurrentAccount } from "../../lib/current-account";
import { formatDateTime, useAccountTimeZone } from "../../lib/format-date-time";
import { MOBILE_QUERY } from "../../lib/media";
import { notify } from "../../lib/notify";
import {
  useCreateLink,
  useLink,
  useLinks,
  useLinkTags,
  usePatchLinkTags,
  useReviewLinks,
} from "./api";

export type LinkModalMode = "create" | "sendmessage" | "edit";

const DISPENSARY = INDUSTRIES.find((i) => i.name === "Dispensary")?.id;
const PAGE_SIZE = 10;
const UTM_LABEL: Record<UtmKey, string> = {
  utm_source: tk("UTM source"),
  utm_campaign: tk("UTM campaign"),
  utm_term: tk("UTM term"),
  utm_content: tk("UTM content"),
};

/** What goes into the message: the tracking token, or the raw short URL when tracking is off. */
export const tokenFor = (l: Pick<Link, "id" | "trackingEnabled" | "shortUrl">) =>
  l.trackingEnabled ? linkToken(l.id) : l.shortUrl;

/**
 * Add / Create / Edit Link (spec doc 2 §2): tabs New Link, Existing Link, Manage Shortlinks.
 * create: makes a link (from the link report); sendmessage: makes or picks one and inserts its
 * token; edit: the link `linkId`, where only tags change (UTM is fixed once created).
 */
export function LinkModal(props: {
  opened: boolean;
  onClose: () => void;
  mode: LinkModalMode;
  isMms: boolean;
  linkId?: number;
  onInsert: (token: string) => void;
}) {
  const { t } = useTranslation();
  const { opened, onClose, mode } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [tab, setTab] = useState<string>("new");
  const [editingId, setEditingId] = useState<number | null>(null);

  useEffect(() => {
    if (!opened) return;
    setTab("new");
    setEditingId(mode === "edit" ? (props.linkId ?? null) : null);
  }, [opened, mode, props.linkId]);

  const title =
    editingId !== null ? t("Edit Link") : mode === "sendmessage" ? t("Add Link") : t("Create Link");
  const pick = (l: Pick<Link, "id" | "trackingEnabled" | "shortUrl">) => {
    props.onInsert(tokenFor(l));
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={mobile}>
      <Tabs value={tab} onChange={(v) => setTab(v ?? "new")} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="new">{editingId !== null ? t("Edit Link") : t("New Link")}</Tabs.Tab>
          {mode === "sendmessage" && <Tabs.Tab value="existing">{t("Existing Link")}</Tabs.Tab>}
          <Tabs.Tab value="manage">{t("Manage Shortlinks")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">
          {editingId !== null ? (
            <EditLinkForm
              linkId={editingId}
              onDone={() => {
                if (mode === "edit") onClose();
                else {
                  setEditingId(null);
                  setTab("manage");
                }
              }}
            />
          ) : (
            <NewLinkForm
              isMms={props.isMms}
              onCreated={(l) => {
                if (mode === "sendmessage") pick(l);
                else {
                  props.onInsert(tokenFor(l));
                  onClose();
                }
              }}
            />
          )}
        </Tabs.Panel>
        {mode === "sendmessage" && (
          <Tabs.Panel value="existing">
            <ExistingLinks isMms={props.isMms} onPick={pick} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="manage">
          <ManageLinks
            onEdit={(id) => {
              setEditingId(id);
              setTab("new");
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function NewLinkForm(props: { isMms: boolean; onCreated: (l: Link) => void }) {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const create = useCreateLink();
  const [longUrl, setLongUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [trackingEnabled, setTracking] = useState(true);
  const [ageCheck, setAgeCheck] = useState(false);
  const [utmEnabled, setUtmEnabled] = useState(false);
  const [utm, setUtm] = useState<Record<UtmKey, string>>({
    utm_source: "sms",
    utm_campaign: "",
    utm_term: "",
    utm_content: "",
  });
  const dispensary = me?.industry != null && me.industry === DISPENSARY;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      longUrl,
      trackingEnabled,
      isMMS: props.isMms,
      ageCheck: dispensary && ageCheck,
      tags: [],
      utm: utmEnabled ? utm : undefined,
    };
    const parsed = createLinkRequest.safeParse(body);
    const issue = parsed.error?.issues.find((i) => i.path[0] === "longUrl");
    setUrlError(issue ? t(issue.message) : null);
    if (!parsed.success) return;
    try {
      const l = await create.mutateAsync(body);
      notify.success(t(LINK_TEXTS.created));
      props.onCreated(l);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 400) setUrlError(err.message);
        else notify.error(err.message);
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("Link")}
          placeholder="https://example.com/page"
          description={t("The page the short link leads to.")}
          value={longUrl}
          onChange={(e) => {
            setLongUrl(e.currentTarget.value);
            setUrlError(null);
          }}
          error={urlError}
          data-autofocus
          required
        />
        <Switch
          label={t("Track clicks")}
          description={t(
            "Counts every click, and who clicked when the link is sent to subscribers.",
          )}
          checked={trackingEnabled}
          onChange={(e) => setTracking(e.currentTarget.checked)}
        />
        {dispensary && (
          <Checkbox
            label={t("Age verification")}
            description={t("Visitors confirm they are 21 or older before the page opens.")}
            checked={ageCheck}
            onChange={(e) => setAgeCheck(e.currentTarget.checked)}
          />
        )}
        <Switch
          label={t("Add UTM parameters")}
          checked={utmEnabled}
          onChange={(e) => setUtmEnabled(e.currentTarget.checked)}
        />
        {utmEnabled && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {UTM_KEYS.map((k) => (
              <TextInput
                key={k}
                label={t(UTM_LABEL[k])}
                value={utm[k]}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setUtm((u) => ({ ...u, [k]: v }));
                }}
              />
            ))}
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t("Create Link")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditLinkForm(props: { linkId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const link = useLink(props.linkId);
  const known = useLinkTags();
  const patch = usePatchLinkTags();
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => {
    if (link.data) setTags(link.data.tags.map((x) => x.tag));
  }, [link.data]);

  if (link.isLoading) return <Loader m="xl" />;
  if (!link.data) {
    return (
      <Alert color="red" icon={<IconInfoCircle size={16} />}>
        {t(LINK_TEXTS.notFound)}
      </Alert>
    );
  }
  const l = link.data;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await patch.mutateAsync({ id: l.id, tags });
      notify.success(t(LINK_TEXTS.saved));
      props.onDone();
    } catch {
      // The API client showed the error.
    }
  };
  return (
    <form onSubmit={save}>
      <Stack gap="md">
        <TextInput label={t("Link")} value={l.longUrl} readOnly disabled />
        <TextInput label={t("Short link")} value={l.shortUrl} readOnly />
        <Switch label={t("Track clicks")} checked={l.trackingEnabled} disabled readOnly />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {UTM_KEYS.map((k) => (
            <TextInput key={k} label={t(UTM_LABEL[k])} value={l.utm[k] ?? ""} disabled readOnly />
          ))}
        </SimpleGrid>
        <TagsInput
          label={t("Tags")}
          placeholder={t("Add a tag and press Enter")}
          value={tags}
          onChange={setTags}
          data={known.data?.rows.map((x) => x.tag) ?? []}
          maxTags={20}
          clearable
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" loading={patch.isPending}>
            {t("Save Link")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function useLinkPage() {
  const [page, setPage] = useState(1);
  const [query, setQueryValue] = useState("");
  const [debounced] = useDebouncedValue(query, 250);
  const setQuery = (v: string) => {
    setQueryValue(v);
    setPage(1);
  };
  const links = useLinks({ page: page - 1, pageSize: PAGE_SIZE, query: debounced });
  return { page, setPage, query, setQuery, debounced, links };
}

function SearchBox(props: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      placeholder={t("Search links or tags")}
      leftSection={<IconSearch size={16} />}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      aria-label={t("Search links")}
    />
  );
}

function ExistingLinks(props: {
  isMms: boolean;
  onPick: (l: Pick<Link, "id" | "trackingEnabled" | "shortUrl">) => void;
}) {
  const { t } = useTranslation();
  const { page, setPage, query, setQuery, debounced, links } = useLinkPage();
  const tz = useAccountTimeZone();
  const [review, setReview] = useState(false);
  if (review)
    return (
      <ReviewLinkSearch isMms={props.isMms} onBack={() => setReview(false)} onPick={props.onPick} />
    );
  const rows = links.data?.rows ?? [];
  const total = links.data?.total ?? 0;
  const showReview = page === 1 && !debounced;
  return (
    <Stack gap="sm">
      <SearchBox value={query} onChange={setQuery} />
      {links.isLoading ? (
        <Loader m="md" />
      ) : (
        <Stack gap={6}>
          {showReview && (
            <PickRow
              key={GOOGLE_REVIEW_ROW.id}
              title={t(GOOGLE_REVIEW_ROW.name)}
              subtitle={t("Send customers straight to your Google review page")}
              icon={<IconBrandGoogle size={16} />}
              onClick={() => setReview(true)}
            />
          )}
          {rows.map((l) => (
            <PickRow
              key={l.id}
              title={l.longUrl}
              subtitle={`${l.shortUrl} · ${formatDateTime(l.created, tz)}${l.trackingEnabled ? "" : ` · ${t("not tracked")}`}`}
              tags={l.tags.map((x) => x.tag)}
              onClick={() => props.onPick(l)}
            />
          ))}
          {rows.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {t(LINK_TEXTS.empty)}
            </Text>
          )}
        </Stack>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
    </Stack>
  );
}

function PickRow(props: {
  title: string;
  subtitle: string;
  tags?: string[];
  icon?: ReactNode;
  onClick: () => void;
}) {
  return (
    <UnstyledButton onClick={props.onClick} data-testid="link-pick-row">
      <Paper withBorder p="sm" radius="md">
        <Group gap="sm" wrap="nowrap">
          {props.icon}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" truncate>
              {props.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {props.subtitle}
            </Text>
          </Stack>
          {props.tags?.slice(0, 3).map((tag) => (
            <Badge key={tag} variant="light" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function ReviewLinkSearch(props: {
  isMms: boolean;
  onBack: () => void;
  onPick: (l: Pick<Link, "id" | "trackingEnabled" | "shortUrl">) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 700);
  const [chosen, setChosen] = useState<{ placeId: string; description: string } | null>(null);
  const results = useReviewLinks(debounced, true);
  const create = useCreateLink();
  const notConfigured = results.data && !results.data.configured;

  const add = async () => {
    if (!chosen) return;
    try {
      const l = await create.mutateAsync({
        longUrl: googleReviewUrl(chosen.placeId),
        trackingEnabled: true,
        isMMS: props.isMms,
        tags: ["Google Review"],
      });
      notify.success(t(LINK_TEXTS.created));
      props.onPick(l);
    } catch {
      // The API client showed the error.
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{t(GOOGLE_REVIEW_ROW.name)}</Text>
        <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
          {t("Back to links")}
        </Anchor>
      </Group>
      {notConfigured ? (
        <Alert color="yellow" icon={<IconInfoCircle size={16} />}>
          {results.data?.message && translateMessage(results.data.message)}
        </Alert>
      ) : (
        <>
          <TextInput
            placeholder={t("Search for your business")}
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            data-autofocus
          />
          {results.isFetching && <Loader size="sm" />}
          {!debounced.trim() && <Text c="dimmed">{t("Please perform a search")}</Text>}
          {debounced.trim() && results.data?.rows.length === 0 && !results.isFetching && (
            <Text c="dimmed">{t("There are no results for your search")}</Text>
          )}
          {results.data?.rows.map((r) => (
            <Paper
              key={r.placeId}
              withBorder
              p="sm"
              radius="md"
              bg={chosen?.placeId === r.placeId ? "var(--mantine-primary-color-light)" : undefined}
            >
              <UnstyledButton onClick={() => setChosen(r)} w="100%">
                <Text fw={600} size="sm">
                  {r.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.secondaryText}
                </Text>
              </UnstyledButton>
            </Paper>
          ))}
        </>
      )}
      <Group justify="flex-end">
        <Button onClick={add} disabled={!chosen} loading={create.isPending}>
          {t("Add Review Link")}
        </Button>
      </Group>
    </Stack>
  );
}

function ManageLinks(props: { onEdit: (id: number) => void }) {
  const { t } = useTranslation();
  const { page, setPage, query, setQuery, links } = useLinkPage();
  const rows = links.data?.rows ?? [];
  const total = links.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <SearchBox value={query} onChange={setQuery} />
      {links.isLoading ? (
        <Loader m="md" />
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t(LINK_TEXTS.empty)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Link")}</Table.Th>
                <Table.Th>{t("Tags")}</Table.Th>
                <Table.Th ta="right">{t("Clicks")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td maw={320}>
                    <Text size="sm" truncate>
                      {l.longUrl}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.shortUrl}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {l.tags.map((tag) => (
                        <Badge key={tag.id} variant="light" size="sm">
                          {tag.tag}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{l.clicks}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" onClick={() => props.onEdit(l.id)}>
                      {t("Edit")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
    </Stack>
  );
}
