import { ActionIcon, Alert, Button, Group, Stack, Text } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { IconAlertTriangle, IconMoon, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { LEGAL_HOURS_TEXT } from "../../../../domain/send-windows";
import { ACCOUNT_SETTINGS } from "../../../../domain/settings";
import { timezoneById, timezonePlace } from "../../../../domain/timezones";
import { LoadFailed } from "../../../components/load-failed";
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
  const setting = useAccountSetting("quiet_hours");
  const me = useCurrentAccount();
  const zone = me ? timezonePlace(timezoneById(me.timezoneId)) : "";
  return (
    <SettingsCard
      title="Quiet hours"
      description={`Marketing texts are held during these hours (${zone}) and go out when the window ends. Replies and sign-in codes are not held.`}
    >
      {setting.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title="Quiet hours could not be loaded"
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
      setError(parsed.error.issues[0]?.message ?? "Check the times");
      return;
    }
    if (windows.some(([s, e]) => s === e)) {
      setError("A window must start and end at different times");
      return;
    }
    setError(null);
    save.mutate(parsed.data as Window[], {
      onSuccess: () => notify.success("Quiet hours saved"),
    });
  };

  return (
    <Stack gap="sm">
      {windows.length === 0 && (
        <Group gap="xs" c="dimmed" wrap="nowrap" align="flex-start">
          <IconMoon size={18} style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="sm">
            No quiet hours of your own: marketing texts still keep to the legal hours below.
          </Text>
        </Group>
      )}
      <Stack gap={2} data-testid="legal-hours">
        <Text size="sm" fw={500}>
          Legal hours, always applied in each recipient's own time zone
        </Text>
        {LEGAL_HOURS_TEXT.map((line) => (
          <Text size="sm" c="dimmed" key={line}>
            {line}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          A text outside them waits, and its details say until when.
        </Text>
      </Stack>
      {windows.map((win, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity but their place
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TimeInput
            label={i === 0 ? "From" : undefined}
            aria-label={`Window ${i + 1} from`}
            value={win[0]}
            disabled={!canEdit}
            onChange={(e) => update(i, 0, e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <TimeInput
            label={i === 0 ? "Until" : undefined}
            aria-label={`Window ${i + 1} until`}
            value={win[1]}
            disabled={!canEdit}
            onChange={(e) => update(i, 1, e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Text size="xs" c="dimmed" w={90} pb={8} visibleFrom="xs">
            {crossesMidnight(win) ? "next morning" : ""}
          </Text>
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={`Remove window ${i + 1}`}
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
            Add Window
          </Button>
          <Button onClick={onSave} loading={save.isPending}>
            Save Quiet Hours
          </Button>
        </Group>
      )}
    </Stack>
  );
}
