import { ActionIcon, Alert, Button, Group, Stack, Text } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { IconAlertTriangle, IconMoon, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LEGAL_HOURS_TEXT } from "../../../../domain/send-windows";
import { ACCOUNT_SETTINGS } from "../../../../domain/settings";
import { timezoneById, timezonePlace } from "../../../../domain/timezones";
import { LoadFailed } from "../../../components/load-failed";
import { translateMessage } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useAccountSetting, useSaveAccountSetting } from "../api/account-settings";
import { SettingsCard, SettingsLoading } from "./settings-card";

type Window = [string, string];
const MAX_WINDOWS = 7;

function crossesMidnight([start, end]: Window) {
  return start > end;
}

/** The quiet hours editor: windows in the account's time zone; 21:00 → 08:00 crosses midnight. */
export function QuietHoursSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const setting = useAccountSetting("quiet_hours");
  const me = useCurrentAccount();
  const zone = me ? timezonePlace(timezoneById(me.timezoneId), t) : "";
  return (
    <SettingsCard
      title={t("Quiet hours")}
      description={t(
        "Marketing texts are held during these hours ({{zone}}) and go out when the window ends. Replies and sign-in codes are not held.",
        { zone },
      )}
    >
      {setting.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Quiet hours could not be loaded")}
          query={setting}
        />
      ) : !setting.data ? (
        <SettingsLoading />
      ) : (
        <QuietHoursForm
          key={JSON.stringify(setting.data)}
          initial={setting.data.map(([s, e]) => [s, e] as Window)}
          canEdit={canEdit}
        />
      )}
    </SettingsCard>
  );
}

function QuietHoursForm({ initial, canEdit }: { initial: Window[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAccountSetting("quiet_hours");
  const [windows, setWindows] = useState<Window[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, part: 0 | 1, value: string) =>
    setWindows((w) =>
      w.map((win, j) => (j === i ? (part === 0 ? [value, win[1]] : [win[0], value]) : win)),
    );

  const onSave = () => {
    const parsed = ACCOUNT_SETTINGS.quiet_hours.safeParse(windows);
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? t("Check the times")));
      return;
    }
    if (windows.some(([s, e]) => s === e)) {
      setError(t("A window must start and end at different times"));
      return;
    }
    setError(null);
    save.mutate(parsed.data as Window[], {
      onSuccess: () => notify.success(t("Quiet hours saved")),
    });
  };

  return (
    <Stack gap="sm">
      {windows.length === 0 && (
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconMoon size={18} style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="sm">
            {t("No quiet hours of your own: marketing texts still keep to the legal hours below.")}
          </Text>
        </Group>
      )}
      <Stack gap={2} data-testid="legal-hours">
        <Text size="sm" fw={500}>
          {t("Legal hours, always applied in each recipient's own time zone")}
        </Text>
        {LEGAL_HOURS_TEXT.map((line) => (
          <Text size="sm" c="dimmed" key={line}>
            {t(line)}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {t("A text outside them waits, and its details say until when.")}
        </Text>
      </Stack>
      {windows.map((win, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity but their place
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TimeInput
            label={i === 0 ? t("From") : undefined}
            aria-label={t("Window {{n}} from", { n: i + 1 })}
            value={win[0]}
            disabled={!canEdit}
            onChange={(e) => update(i, 0, e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <TimeInput
            label={i === 0 ? t("Until") : undefined}
            aria-label={t("Window {{n}} until", { n: i + 1 })}
            value={win[1]}
            disabled={!canEdit}
            onChange={(e) => update(i, 1, e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Text size="xs" c="dimmed" w={90} pb={8} visibleFrom="xs">
            {crossesMidnight(win) ? t("next morning") : ""}
          </Text>
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={t("Remove window {{n}}", { n: i + 1 })}
              onClick={() => setWindows((w) => w.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {canEdit && (
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={windows.length >= MAX_WINDOWS}
            onClick={() => setWindows((w) => [...w, ["21:00", "08:00"]])}
          >
            {t("Add Window")}
          </Button>
          <Button onClick={onSave} loading={save.isPending}>
            {t("Save Quiet Hours")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
