import { Anchor, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { PageHeader } from "../../../components/page-header";
import { useCurrentAccount } from "../../../lib/current-account";
import { meCan } from "../../../lib/permissions";
import { TourSettingsCard } from "../../tour/components/tour-settings-card";
import { DisplaySection } from "../components/display-section";
import { GatesSection } from "../components/gates-section";
import { HelpAnswersSection } from "../components/help-answers-section";
import { ProfileSection } from "../components/profile-section";
import { QuietHoursSection } from "../components/quiet-hours-section";
import { SendSettingsSection } from "../components/send-settings-section";
import { SettingsCard } from "../components/settings-card";

/** /settings: the account's profile and the settings every screen reads. */
export default function SettingsPage() {
  const me = useCurrentAccount();
  const canEdit = meCan(me, "settings:write");
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Settings"
        description={
          canEdit
            ? "Your business, when messages may go out, and how the app shows your lists."
            : "Only an administrator, manager or the owner can change these settings."
        }
      />
      <ProfileSection canEdit={canEdit} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <QuietHoursSection canEdit={canEdit} />
        <SendSettingsSection canEdit={canEdit} />
        <HelpAnswersSection canEdit={canEdit} />
        <GatesSection canEdit={canEdit} />
      </SimpleGrid>
      <DisplaySection />
      <TourSettingsCard />
      <SettingsCard title="Security" description="Two-factor authentication for your own sign-in.">
        <Group gap="xs">
          <IconShieldLock size={18} />
          <Text size="sm">
            <Anchor component={Link} to={paths.security}>
              Set up two-factor authentication
            </Anchor>
          </Text>
        </Group>
      </SettingsCard>
    </Stack>
  );
}
