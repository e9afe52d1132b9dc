import {
  Group,
  Kbd,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowRight, IconMessageCircle, IconSearch, IconUser } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AccountLite } from "../../../../domain/account.schemas";
import { displayPhone } from "../../../../domain/contact-display";
import { NAV } from "../../../app/shell/nav";
import { tk } from "../../../i18n";
import { useConversations, useSubscriberSearch } from "../api/inbox-api";
import classes from "./inbox.module.css";

const GROUPS = {
  screens: tk("Screens"),
  conversations: tk("Conversations"),
  subscribers: tk("Subscribers"),
};

interface Entry {
  key: string;
  group: (typeof GROUPS)[keyof typeof GROUPS];
  label: string;
  hint?: string;
  icon: ReactNode;
  to: string;
}

/** Opens with Ctrl+K (Cmd+K on a Mac) anywhere in the app. */
export const PALETTE_EVENT = "parley:command-palette";
export function openCommandPalette() {
  window.dispatchEvent(new Event(PALETTE_EVENT));
}

function screens(me: AccountLite, t: TFunction): Entry[] {
  const out: Entry[] = [];
  for (const item of NAV) {
    if (item.visible && !item.visible(me)) continue;
    const leaves = item.children?.length ? item.children : [{ label: item.label, to: item.to }];
    for (const leaf of leaves) {
      out.push({
        key: `s:${leaf.to}`,
        group: GROUPS.screens,
        label: leaf.label === item.label ? t(leaf.label) : `${t(item.label)} › ${t(leaf.label)}`,
        icon: <IconArrowRight size={16} />,
        to: leaf.to,
      });
    }
  }
  return out;
}

/** The command palette: jump to a screen, a conversation or a subscriber by typing. */
export function CommandPalette({ me }: { me: AccountLite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query.trim(), 200);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpened((o) => !o);
      }
    };
    const onOpen = () => setOpened(true);
    window.addEventListener("keydown", onKey);
    window.addEventListener(PALETTE_EVENT, onOpen);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(PALETTE_EVENT, onOpen);
    };
  }, []);

  const subscribers = useSubscriberSearch(opened ? debounced : "");
  const conversations = useConversations(
    {
      status: "all",
      sortByUnread: false,
      isHideUnassignedNumbers: false,
      isOnlyChatbot: false,
      snoozed: false,
      query: debounced || undefined,
    },
    opened && debounced !== "",
  );
  const all = useMemo(() => screens(me, t), [me, t]);
  const entries = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list: Entry[] = all.filter((s) => !q || s.label.toLowerCase().includes(q)).slice(0, 6);
    if (opened && debounced) {
      for (const c of (conversations.data?.pages[0]?.rows ?? []).slice(0, 5)) {
        list.push({
          key: `c:${c.id}`,
          group: GROUPS.conversations,
          label: `${c.firstName} ${c.lastName}`.trim() || displayPhone(c.number),
          hint: c.previewMessage.split("\n")[0],
          icon: <IconMessageCircle size={16} />,
          to: `/inbox?conversation=${c.id}`,
        });
      }
      for (const s of (subscribers.data?.rows ?? []).slice(0, 6)) {
        list.push({
          key: `p:${s.id}`,
          group: GROUPS.subscribers,
          label: `${s.firstName ?? ""} ${s.lastName ?? ""}`.trim() || displayPhone(s.number),
          hint: displayPhone(s.number),
          icon: <IconUser size={16} />,
          // A subscriber opens as their conversation (a new one when they never texted).
          to: `/inbox?conversation=${s.id}`,
        });
      }
    }
    return list;
  }, [all, query, debounced, opened, conversations.data, subscribers.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results start at the first one
  useEffect(() => setActive(0), [entries.length, query]);

  const go = (e: Entry | undefined) => {
    if (!e) return;
    setOpened(false);
    setQuery("");
    navigate(e.to);
  };

  let lastGroup = "";
  // Not mounted while closed: Mantine keeps the closed modal's root in the page, where its
  // aria-label sits on an element without a role (axe: aria-prohibited-attr).
  if (!opened) return null;
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      withCloseButton={false}
      size="lg"
      padding="sm"
      yOffset="10vh"
      aria-label={t("Command palette")}
      data-testid="command-palette"
    >
      <TextInput
        data-autofocus
        aria-label={t("Jump to")}
        placeholder={t("Jump to a screen, conversation or subscriber…")}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            const n = entries.length || 1;
            setActive((a) => (a + (e.key === "ArrowDown" ? 1 : n - 1)) % n);
          } else if (e.key === "Enter") {
            e.preventDefault();
            go(entries[active]);
          }
        }}
      />
      <ScrollArea.Autosize mah="50vh" mt="xs">
        <Stack gap={0} role="listbox" aria-label={t("Results")}>
          {entries.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {debounced ? t("Nothing matches") : t("Type to search")}
            </Text>
          )}
          {entries.map((e, i) => {
            const heading = e.group !== lastGroup ? e.group : null;
            lastGroup = e.group;
            return (
              <div key={e.key}>
                {heading && (
                  <Text size="xs" c="dimmed" fw={600} px="xs" pt="xs" pb={2}>
                    {t(heading)}
                  </Text>
                )}
                <UnstyledButton
                  role="option"
                  aria-selected={i === active}
                  className={classes.suggestion}
                  data-active={i === active || undefined}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => go(e)}
                >
                  <Group gap="sm" wrap="nowrap">
                    {e.icon}
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" truncate>
                        {e.label}
                      </Text>
                      {e.hint && (
                        <Text size="xs" c="dimmed" truncate>
                          {e.hint}
                        </Text>
                      )}
                    </div>
                  </Group>
                </UnstyledButton>
              </div>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <Group gap={6} mt="xs" justify="flex-end">
        <Text size="xs" c="dimmed">
          <Trans
            t={t}
            i18nKey="<0>↑</0> <1>↓</1> to move, <2>Enter</2> to open, <3>Esc</3> to close"
            components={[0, 1, 2, 3].map((i) => <Kbd key={i} size="xs" />)}
          />
        </Text>
      </Group>
    </Modal>
  );
}
