import {
  Box,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Group as GroupRow, updateGroupRequest } from "../../../../domain/groups.schemas";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useUpdateGroup } from "../api/update-group";
import { MAX_SMS_LENGTH, messageLength } from "../lib/message-length";

/**
 * Name and welcome message (saved together) and the hidden flag (saved at once). `wide` lays
 * the card out for the full page width (static groups), else for a column beside the rules.
 */
export function GroupSettingsCard({ group, wide }: { group: GroupRow; wide: boolean }) {
  const { t } = useTranslation();
  const save = useUpdateGroup({ toast: false });
  const hide = useUpdateGroup();
  const [name, setName] = useState(group.name);
  const [welcome, setWelcome] = useState(group.welcomeMessage);
  const [errors, setErrors] = useState<{ name?: string; welcomeMessage?: string }>({});

  // A save (or a rename elsewhere) brings new values: show them.
  useEffect(() => {
    setName(group.name);
    setWelcome(group.welcomeMessage);
    setErrors({});
  }, [group.name, group.welcomeMessage]);

  const dirty = name !== group.name || welcome !== group.welcomeMessage;
  const length = messageLength(welcome);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateGroupRequest.safeParse({ name, welcomeMessage: welcome });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= translateMessage(issue.message);
      }
      return setErrors(next);
    }
    try {
      await save.mutateAsync({ id: group.id, input: parsed.data });
      notify.success(t("Group saved"));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === "CONFLICT") setErrors({ name: translateMessage(err.message) });
      else if (!err.extra.silent) notify.error(err.message);
    }
  };

  // Saved on its own, at once: apart from the fields the Save button covers.
  const hiddenSwitch = (
    <Switch
      label={t("Hidden")}
      description={t(
        "A hidden group keeps its members and messages, and you can still send to it, but keywords, sign-up forms and automations no longer offer it.",
      )}
      checked={group.hidden}
      disabled={hide.isPending}
      onChange={(e) => {
        const hidden = e.currentTarget.checked;
        hide.mutate(
          { id: group.id, input: { hidden } },
          {
            onSuccess: () => notify.success(hidden ? t("Group hidden") : t("Group shown again")),
          },
        );
      }}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} h="100%">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} fz="lg">
            {t("Settings")}
          </Title>
          <SimpleGrid cols={{ base: 1, md: wide ? 2 : 1 }} spacing="lg">
            <TextInput
              label={t("Group name")}
              withAsterisk
              maxLength={120}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              error={errors.name}
            />
            {wide && <Box pt={{ md: 28 }}>{hiddenSwitch}</Box>}
          </SimpleGrid>
          <Stack gap={4}>
            <Textarea
              label={t("Welcome message")}
              description={t(
                "Texted to each person who joins this group from the subscriber form or this page (not to imported lists). Leave it empty to send nothing.",
              )}
              placeholder={t(
                "e.g. Welcome to the Morning Regulars! Show this text for a free pastry.",
              )}
              autosize
              minRows={wide ? 2 : 3}
              maxRows={10}
              value={welcome}
              onChange={(e) => {
                setWelcome(e.currentTarget.value);
                setErrors((x) => ({ ...x, welcomeMessage: undefined }));
              }}
              error={errors.welcomeMessage}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {length.unicode
                  ? t("Has emoji or special characters: 70 characters per segment")
                  : t("160 characters per segment")}
              </Text>
              <Text
                size="xs"
                c={length.characters > MAX_SMS_LENGTH ? "red" : "dimmed"}
                data-testid="welcome-count"
              >
                {t("{{n}} / {{max}} characters · {{count}} segments", {
                  n: length.characters,
                  max: MAX_SMS_LENGTH,
                  count: length.segments,
                })}
              </Text>
            </Group>
          </Stack>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              disabled={!dirty}
              onClick={() => {
                setName(group.name);
                setWelcome(group.welcomeMessage);
                setErrors({});
              }}
            >
              {t("Discard")}
            </Button>
            <Button type="submit" disabled={!dirty} loading={save.isPending}>
              {t("Save changes")}
            </Button>
          </Group>
          {!wide && (
            <>
              <Divider />
              {hiddenSwitch}
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
