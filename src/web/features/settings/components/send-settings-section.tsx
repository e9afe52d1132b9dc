import { Button, Group, Stack, Switch, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../../components/load-failed";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useAccountSetting, useSaveAccountSetting } from "../api/account-settings";
import { SettingsCard, SettingsLoading } from "./settings-card";

/** Send settings (doc 1 §3): header, footer, foreign characters. */
export function SendSettingsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const setting = useAccountSetting("send_settings");
  return (
    <SettingsCard
      title={t("Send settings")}
      description={t(
        "A header and a footer added to the messages you send, and whether characters outside the basic SMS alphabet are kept.",
      )}
    >
      {setting.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Send settings could not be loaded")}
          query={setting}
        />
      ) : !setting.data ? (
        <SettingsLoading />
      ) : (
        <SendSettingsForm
          key={JSON.stringify(setting.data)}
          initial={setting.data}
          canEdit={canEdit}
        />
      )}
    </SettingsCard>
  );
}

function SendSettingsForm(props: {
  initial: { header: string; footer: string; allowForeignChars: boolean };
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveAccountSetting("send_settings");
  const me = useCurrentAccount();
  const [v, setV] = useState(props.initial);
  return (
    <Stack gap="sm">
      <TextInput
        label={t("Header")}
        placeholder={me ? `${me.businessName}:` : undefined}
        maxLength={100}
        disabled={!props.canEdit}
        value={v.header}
        onChange={(e) => setV({ ...v, header: e.currentTarget.value })}
      />
      <TextInput
        label={t("Footer")}
        placeholder={t("Reply STOP to opt out")}
        maxLength={100}
        disabled={!props.canEdit}
        value={v.footer}
        onChange={(e) => setV({ ...v, footer: e.currentTarget.value })}
      />
      <Switch
        label={t("Allow foreign characters")}
        description={t(
          "Keep accents and other scripts; a message with them holds 70 characters per segment instead of 160.",
        )}
        disabled={!props.canEdit}
        checked={v.allowForeignChars}
        onChange={(e) => setV({ ...v, allowForeignChars: e.currentTarget.checked })}
      />
      {props.canEdit && (
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(v, { onSuccess: () => notify.success(t("Send settings saved")) })
            }
          >
            {t("Save Send Settings")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
