import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group as GroupRow } from "../../../../domain/groups.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import type { Subscriber } from "../../../../domain/subscribers.schemas";
import { notify } from "../../../lib/notify";
import { useAddMembers } from "../api/group-members";
import { useSubscriberSearch } from "../api/search-subscribers";

const PICKER_PAGE_SIZE = 10;

export const subscriberName = (s: Pick<Subscriber, "firstName" | "lastName">) =>
  `${s.firstName} ${s.lastName}`.trim();

/** Search subscribers by name, phone or e-mail, tick some, add them to a static group. */
export function AddMembersModal(props: { group: GroupRow; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { group, opened, onClose } = props;
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<number, Subscriber>>(new Map());
  const results = useSubscriberSearch(query, page - 1, opened);
  const add = useAddMembers();

  useEffect(() => {
    if (!opened) return;
    setSearch("");
    setPage(1);
    setPicked(new Map());
  }, [opened]);

  const toggle = (s: Subscriber) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(s.id)) next.delete(s.id);
      else next.set(s.id, s);
      return next;
    });

  const submit = () =>
    add.mutate(
      { groupId: group.id, subscriberIds: [...picked.keys()] },
      {
        onSuccess: ({ affected }) => {
          const already = picked.size - affected;
          notify.success(
            already > 0
              ? t("{{n}} added to '{{group}}' ({{already}} already in it)", {
                  n: affected,
                  group: group.name,
                  already,
                })
              : t("{{n}} added to '{{group}}'", { n: affected, group: group.name }),
          );
          onClose();
        },
      },
    );

  const rows = results.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((results.data?.total ?? 0) / PICKER_PAGE_SIZE));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("Add subscribers to {{group}}", { group: group.name })}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          placeholder={t("Search by name, phone or email")}
          aria-label={t("Search subscribers")}
          leftSection={<IconSearch size={16} />}
          rightSection={results.isFetching ? <Loader size={14} /> : null}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
        />
        <Stack gap={2} mih={200} data-testid="subscriber-picker">
          {results.isPending ? (
            <Group justify="center" py="xl">
              <Loader size="sm" />
            </Group>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="xl">
              {query ? t("There are no results for your search") : t("No subscribers yet")}
            </Text>
          ) : (
            rows.map((s) => (
              <UnstyledButton
                key={s.id}
                onClick={() => toggle(s)}
                px="xs"
                py={6}
                style={{
                  borderRadius: 8,
                  background: picked.has(s.id) ? "var(--mantine-color-brand-light)" : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap">
                  <Checkbox
                    checked={picked.has(s.id)}
                    onChange={() => toggle(s)}
                    onClick={(e) => e.stopPropagation()}
                    aria-label={t("Select {{name}}", {
                      name: subscriberName(s) || formatUsNumber(s.number),
                    })}
                  />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {subscriberName(s) || formatUsNumber(s.number)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {formatUsNumber(s.number)}
                      {s.email ? ` · ${s.email}` : ""}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))
          )}
        </Stack>
        {pages > 1 && (
          <Group justify="center">
            <Pagination size="sm" total={pages} value={page} onChange={setPage} siblings={0} />
          </Group>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t("{{n}} selected", { n: picked.size })}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button onClick={submit} disabled={picked.size === 0} loading={add.isPending}>
              {picked.size ? t("Add {{n}} to group", { n: picked.size }) : t("Add to group")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
