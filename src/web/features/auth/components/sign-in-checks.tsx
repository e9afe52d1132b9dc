import { Group, Paper, Skeleton, Stack, Switch, Text, ThemeIcon, Title } from "@mantine/core";
import { IconUserShield, IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { SignInPolicy } from "../../../../domain/sign-in.schemas";
import { LoadFailed } from "../../../components/load-failed";
import { tk } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useSignInPolicy, useUpdateSignInPolicy } from "../api/sign-in";

const CHECKS: { key: keyof SignInPolicy; label: string; description: string }[] = [
  {
    key: "verifyNewDevices",
    label: tk("Verify new devices by e-mail"),
    description: tk(
      "A user logging in from a device they have not used before must open a link we e-mail them, on that device. This browser is remembered for you now.",
    ),
  },
  {
    key: "requirePhoneVerification",
    label: tk("Require a verified mobile number"),
    description: tk(
      "Users without a verified mobile number verify one with a 4-digit code we text them before they get in.",
    ),
  },
];

/** The owner's sign-in checks for everyone in the account (Security page). */
export function SignInChecks() {
  const { t } = useTranslation();
  const policy = useSignInPolicy(true);
  const update = useUpdateSignInPolicy();

  const toggle = (key: keyof SignInPolicy, on: boolean) => {
    if (!policy.data) return;
    update.mutate(
      { ...policy.data, [key]: on },
      { onSuccess: () => notify.success(t("Sign-in checks saved")) },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} maw={760} mt="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={42} radius="xl" variant="light">
            <IconUsersGroup size={24} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="lg">
              {t("Sign-in checks for your team")}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t("Extra steps every user of this account goes through when they log in.")}
            </Text>
          </div>
        </Group>
        {policy.isError ? (
          <LoadFailed
            icon={<IconUserShield size={28} />}
            title={t("Sign-in checks could not be loaded")}
            query={policy}
          />
        ) : !policy.data ? (
          <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
            <Skeleton height={20} width="60%" />
            <Skeleton height={20} width="55%" />
          </Stack>
        ) : (
          CHECKS.map((check) => (
            <Switch
              key={check.key}
              label={t(check.label)}
              description={t(check.description)}
              checked={policy.data[check.key]}
              disabled={update.isPending}
              onChange={(e) => toggle(check.key, e.currentTarget.checked)}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}
