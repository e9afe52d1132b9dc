import { Badge, Group, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { USED_MESSAGES_THRESHOLD } from "../../../../domain/reports.schemas";
import { PAUSE_TEXT } from "../../../../domain/send-pause";
import type { AccountSettingName } from "../../../../domain/settings";
import { tk } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useAccountSetting, useSaveAccountSetting } from "../api/account-settings";
import { SettingsCard } from "./settings-card";

type FlagName = Extract<
  AccountSettingName,
  | "disable_sam"
  | "template_sending_only"
  | "message_allotment_popup_disable"
  | "priority_support"
  | "advanced_reporting"
  | "skip_tfn_verification"
  | "complete_tfn_verification"
  | "require_brand_registration"
>;

/** Switches the business runs itself (doc 1 §6). */
const OWN: { name: FlagName; label: string; description: string }[] = [
  {
    name: "disable_sam",
    label: PAUSE_TEXT.label,
    description: PAUSE_TEXT.description,
  },
  {
    name: "template_sending_only",
    label: tk("Templates only"),
    description: tk("Messages may only be sent from saved templates, as they are saved."),
  },
  {
    name: "message_allotment_popup_disable",
    label: tk("Hide the used-messages reminder"),
    description: tk("Do not remind me when {{percent}}% of the month's credits are used."),
  },
];

/**
 * Features the plan or the platform decides; shown so the business knows where it stands. The
 * plan's `quicksight_allowed` is not among them: it gates dashboards Parley does not have (its
 * analytics are there for every plan), so a line for it would show a state that changes nothing.
 */
const PLATFORM: { name: FlagName; label: string }[] = [
  { name: "priority_support", label: tk("Priority support") },
  { name: "advanced_reporting", label: tk("Advanced reporting") },
  { name: "require_brand_registration", label: tk("Brand registration required") },
  { name: "skip_tfn_verification", label: tk("Toll-free verification skipped") },
  { name: "complete_tfn_verification", label: tk("Toll-free verification complete") },
];

function OwnSwitch(props: {
  name: FlagName;
  label: string;
  description: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const setting = useAccountSetting(props.name);
  const save = useSaveAccountSetting(props.name);
  const label = t(props.label);
  return (
    <Switch
      label={label}
      description={t(props.description, { percent: USED_MESSAGES_THRESHOLD * 100 })}
      checked={setting.data === true}
      disabled={!props.canEdit || setting.data === undefined || save.isPending}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        save.mutate(on, {
          onSuccess: () => notify.success(`${label}: ${on ? t("on") : t("off")}`),
        });
      }}
    />
  );
}

function PlatformFlag(props: { name: FlagName; label: string }) {
  const { t } = useTranslation();
  const setting = useAccountSetting(props.name);
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{t(props.label)}</Text>
      {setting.data === undefined ? (
        <Badge variant="light" color="gray">
          …
        </Badge>
      ) : (
        <Badge variant="light" color={setting.data ? "teal" : "gray"}>
          {setting.data ? t("On") : t("Off")}
        </Badge>
      )}
    </Group>
  );
}

export function GatesSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("Account controls")} description={t("What the account may do.")}>
      <Stack gap="md">
        {OWN.map((f) => (
          <OwnSwitch key={f.name} {...f} canEdit={canEdit} />
        ))}
        <Stack gap={6} pt="xs">
          <Text size="sm" fw={600}>
            {t("Set by your plan")}
          </Text>
          {PLATFORM.map((f) => (
            <PlatformFlag key={f.name} {...f} />
          ))}
        </Stack>
      </Stack>
    </SettingsCard>
  );
}
