import { Group, Kbd, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { tk } from "../../../i18n";

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ["j"], what: tk("Next conversation") },
  { keys: ["k"], what: tk("Previous conversation") },
  { keys: ["r"], what: tk("Write a reply") },
  { keys: ["n"], what: tk("Write an internal note") },
  { keys: ["e"], what: tk("Archive (resolve) the conversation") },
  { keys: ["/"], what: tk("In the reply box: insert a canned reply") },
  { keys: ["@"], what: tk("In a note: mention a teammate") },
  { keys: ["Ctrl", "K"], what: tk("Jump to a screen, conversation or subscriber (⌘K on a Mac)") },
  { keys: ["?"], what: tk("Show these shortcuts") },
  { keys: ["Esc"], what: tk("Leave the box you are typing in") },
];

function typing(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return (
    el.isContentEditable ||
    el.tagName === "INPUT" ||
    el.tagName === "TEXTAREA" ||
    el.tagName === "SELECT" ||
    el.getAttribute("role") === "textbox"
  );
}

/** The inbox's single-key shortcuts; keys typed into a box or with a modifier are left alone. */
export function useInboxShortcuts(handlers: {
  next: () => void;
  previous: () => void;
  reply: () => void;
  note: () => void;
  archive: () => void;
  help: () => void;
}) {
  const live = useRef(handlers);
  live.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && typing(e.target)) {
        (e.target as HTMLElement).blur();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      // A modal open (the palette, a confirmation) keeps its own keys; a popover left in the page
      // (Mantine's are role="dialog" too, without aria-modal) does not block them.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const h = live.current;
      const run = {
        j: h.next,
        k: h.previous,
        r: h.reply,
        n: h.note,
        e: h.archive,
        "?": h.help,
      }[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

export function ShortcutsSheet(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("Keyboard shortcuts")} centered>
      <Stack gap={8} data-testid="shortcuts-sheet">
        {SHORTCUTS.map((s) => (
          <Group key={s.what} justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm">{t(s.what)}</Text>
            <Group gap={4} wrap="nowrap">
              {s.keys.map((k) => (
                <Kbd key={k} size="sm">
                  {k}
                </Kbd>
              ))}
            </Group>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
