import { Anchor, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { PageHeader } from "../../../components/page-header";
import { useCurrentAccount } from "../../../lib/current-account";
import { meCan } from "../../../lib/permissions";
import { TourSettingsCard } from "../../tour/components/tour-settings-card";
import { DisplaySection } from "../components/display-section";
import { GatesSection } from "../components/gates-section";
import { HelpAnswersSection } from "../components/help-answers-section";
import { LanguageSection } from "../components/language-section";
import { ProfileSection } from "../components/profile-section";
import { QuietHoursSection } from "../components/quiet-hours-section";
import { SendSettingsSection } from "../components/send-settings-section";
import { SettingsCard } from "../components/settings-card";

/** /settings: the account's profile and the settings every screen reads. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const canEdit = meCan(me, "settings:write");
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t("Settings")}
        description={
          canEdit
            ? t("Your business, when messages may go out, and how the app shows your lists.")
            : t("Only an administrator, manager or the owner can change these settings.")
        }
      />
      <LanguageSection />
      <ProfileSection canEdit={canEdit} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <QuietHoursSection canEdit={canEdit} />
        <SendSettingsSection canEdit={canEdit} />
        <HelpAnswersSection canEdit={canEdit} />
        <GatesSection canEdit={canEdit} />
      </SimpleGrid>
      <DisplaySection />
      <TourSettingsCard />
      <SettingsCard
        title={t("Security")}
        description={t("Two-factor authentication for your own sign-in.")}
      >
        <Group gap="xs">
          <IconShieldLock size={18} />
          <Text size="sm">
            <Anchor component={Link} to={paths.security}>
              {t("Set up two-factor authentication")}
            </Anchor>
          </Text>
        </Group>
      </SettingsCard>
    </Stack>
  );
}
