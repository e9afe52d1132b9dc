import { Button, Group, Text, Textarea } from "@mantine/core";
import { IconNote } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { mentionQuery, NOTE_MAX, replaceTrailing } from "../../../../domain/inbox-tools";
import { notify } from "../../../lib/notify";
import { useAssignableUsers } from "../api/inbox-api";
import { useAddNote } from "../api/inbox-tools-api";
import classes from "./inbox.module.css";
import { type Suggestion, SuggestionList, useSuggestionKeys } from "./suggestion-list";

export const NOTE_BOX_ID = "inbox-note-box";

/**
 * An internal note: seen by the team only, never texted. "@" offers the account's users; the
 * ones mentioned get a notification.
 */
export function NoteBox(props: { conversationId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const add = useAddNote(props.conversationId);
  const users = useAssignableUsers([]);
  const query = mentionQuery(text);
  const items: Suggestion[] = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    return (users.data?.users ?? [])
      .filter((u) => u.username.toLowerCase().includes(q) || u.name.toLowerCase().includes(q))
      .slice(0, 6)
      .map((u) => ({ key: u.username, label: u.name, description: `@${u.username}` }));
  }, [query, users.data]);
  const pick = (s: Suggestion) => setText((t) => replaceTrailing(t, "@", `@${s.key} `));
  const keys = useSuggestionKeys(items, pick);

  const submit = () => {
    if (!text.trim() || add.isPending) return;
    add.mutate(text, {
      onSuccess: () => setText(""),
      onError: (e) => notify.error(e.message),
    });
  };

  return (
    <div className={classes.composerBox}>
      {keys.open && (
        <SuggestionList
          label={t("Mention a teammate")}
          items={items}
          active={keys.active}
          onHover={keys.setActive}
          onPick={pick}
          testId="mention-suggestions"
        />
      )}
      <Textarea
        id={NOTE_BOX_ID}
        ref={ref}
        aria-label={t("Internal note")}
        placeholder={t(
          t("Write a note for your team; @ mentions a teammate. Never sent to the contact."),
        )}
        className={classes.noteInput}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={NOTE_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (keys.onKey(e)) return;
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            submit();
          }
        }}
        data-testid="note-box"
      />
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c="dimmed">
          {t("Only your team sees notes.")}
        </Text>
        <Button
          size="sm"
          color="yellow"
          c="dark"
          leftSection={<IconNote size={16} />}
          disabled={!text.trim()}
          loading={add.isPending}
          onClick={submit}
          data-testid="add-note"
        >
          {t("Add note")}
        </Button>
      </Group>
    </div>
  );
}
