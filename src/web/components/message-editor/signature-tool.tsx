import {
  ActionIcon,
  Button,
  Group,
  Popover,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { IconSignature } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SIGNATURE_MAX } from "../../../domain/message-compose.schemas";
import { useSignature, useUpdateSignature } from "./use-signature";

/**
 * The per-user signature (spec doc 2 §4): a toggle and the text. Shown only when allowed.
 * `onDirtyChange` tells the composer an edit is unsaved (its send button waits for it).
 */
export function SignatureTool(props: {
  onDirtyChange?: (dirty: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const signature = useSignature();
  const update = useUpdateSignature();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState("");
  const [localEnabled, setLocalEnabled] = useState<boolean | null>(null);
  const saved = signature.data?.signature ?? "";
  const dirty = opened && draft.trim() !== saved;
  const onDirtyChange = props.onDirtyChange;

  useEffect(() => {
    if (opened) setDraft(saved);
  }, [opened, saved]);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  if (!signature.data?.isAllowed) return null;
  const enabled = localEnabled ?? signature.data.isEnabled;

  const toggle = (next: boolean) => {
    // With no signature yet the toggle only flips here; saving decides (spec doc 2 §4).
    if (!saved) {
      setLocalEnabled(next);
      return;
    }
    setLocalEnabled(null);
    update.mutate({ signature: saved, isEnabled: next });
  };
  const save = () => {
    const text = draft.trim();
    update.mutate(
      { signature: text, isEnabled: text !== "" },
      {
        onSuccess: () => {
          setLocalEnabled(null);
          setOpened(false);
        },
      },
    );
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Tooltip label={t("Signature")}>
          <ActionIcon
            variant={signature.data.isEnabled ? "light" : "subtle"}
            color={signature.data.isEnabled ? "brand" : "gray"}
            aria-label={t("Signature")}
            disabled={props.disabled}
            onClick={() => setOpened((o) => !o)}
          >
            <IconSignature size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown w={300}>
        <Stack gap="sm">
          <Switch
            label={t("Add my signature to messages I send")}
            checked={enabled}
            onChange={(e) => toggle(e.currentTarget.checked)}
            disabled={update.isPending}
          />
          <TextInput
            label={t("Signature")}
            placeholder={t("- Your name")}
            value={draft}
            maxLength={SIGNATURE_MAX}
            onChange={(e) => setDraft(e.currentTarget.value)}
            description={`${draft.length}/${SIGNATURE_MAX}`}
          />
          <Text size="xs" c="dimmed">
            {t("It goes on its own line after your message and counts toward its length.")}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              {t("Cancel")}
            </Button>
            <Button size="xs" onClick={save} loading={update.isPending} disabled={!dirty}>
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
