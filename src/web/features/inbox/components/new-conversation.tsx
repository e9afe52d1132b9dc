import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowLeft, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import { INBOX_TEXT } from "../../../../domain/inbox.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { EmptyState } from "../../../components/empty-state";
import { notify } from "../../../lib/notify";
import { createSubscriber, useSubscriberSearch } from "../api/inbox-api";
import classes from "./inbox.module.css";

/** A valid US number typed in the search (the phone input defaults to the US: doc 2 §5). */
function usNumber(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), "US");
  return parsed?.isValid() && parsed.country === "US" ? parsed.number : null;
}

/** Composition: find a subscriber to write to, or add one by number (Quick Add). */
export function NewConversation(props: {
  restricted: boolean;
  showBack: boolean;
  onBack: () => void;
  onOpen: (subscriberId: number) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useSubscriberSearch(debounced);
  const [creating, setCreating] = useState(false);
  const rows = debounced ? (search.data?.rows ?? []) : [];
  const typed = usNumber(query);
  // Only an exact phone match counts as existing.
  const exact = typed ? rows.find((r) => r.number === typed) : undefined;
  const canQuickAdd = !props.restricted && typed !== null && !exact && debounced === query.trim();

  const quickAdd = async () => {
    if (!typed) return;
    setCreating(true);
    try {
      const created = await createSubscriber(typed);
      notify.success(t(INBOX_TEXT.subscriberCreated));
      props.onOpen(created.id);
    } catch {
      // The client showed why.
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap={0} h="100%" data-testid="new-conversation">
      <div className={classes.detailHeader}>
        {props.showBack && (
          <ActionIcon variant="subtle" color="gray" aria-label={t("Back")} onClick={props.onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        )}
        <Text fw={600}>{t("New conversation")}</Text>
      </div>
      <Stack gap="sm" p="md" style={{ flex: 1, minHeight: 0 }}>
        <TextInput
          autoFocus
          label={t("To")}
          placeholder={t("Search by name, phone number or email")}
          leftSection={<IconSearch size={16} />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {!props.restricted && (
          <Stack gap={4}>
            <Button
              variant="light"
              leftSection={<IconUserPlus size={16} />}
              disabled={!canQuickAdd}
              loading={creating}
              onClick={() => void quickAdd()}
              justify="flex-start"
            >
              {canQuickAdd
                ? `${t(INBOX_TEXT.quickAddCreate)} ${formatUsNumber(typed!)}`
                : t("Quick Add")}
            </Button>
            {!canQuickAdd && (
              <Text size="xs" c="dimmed" data-testid="quick-add-hint">
                {exact ? t(INBOX_TEXT.quickAddExisting) : t(INBOX_TEXT.quickAddInvalid)}
              </Text>
            )}
          </Stack>
        )}
        <div className={classes.scroller}>
          {!debounced ? (
            <EmptyState icon={<IconSearch size={26} />} title={t(INBOX_TEXT.performSearch)} />
          ) : search.isSuccess && rows.length === 0 ? (
            <EmptyState icon={<IconSearch size={26} />} title={t(INBOX_TEXT.noResults)} />
          ) : (
            <Stack gap={2}>
              {rows.map((s) => (
                <UnstyledButton
                  key={s.id}
                  onClick={() => props.onOpen(s.id)}
                  p="sm"
                  style={{ borderRadius: 8 }}
                  className={classes.row}
                  pos="relative"
                  data-testid="subscriber-result"
                >
                  <Group justify="space-between" wrap="nowrap" w="100%">
                    <Text size="sm" truncate>
                      {`${s.firstName} ${s.lastName}`.trim() || displayPhone(s.number)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {displayPhone(s.number)}
                    </Text>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </div>
      </Stack>
    </Stack>
  );
}
