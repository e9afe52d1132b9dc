import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconDeviceMobileMessage,
  IconQrcode,
  IconShieldCheck,
  IconShieldOff,
} from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TwoFactorMethod } from "../../../../domain/auth.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useDisableTwoFactor, useTwoFactorStatus } from "../api/two-factor-settings";
import { SignInChecks } from "../components/sign-in-checks";
import { TwoFactorSetupModal } from "../components/two-factor-setup-modal";

/** /settings/security: the signed-in user's two-factor authentication (spec doc 1 §4). */
export default function SecurityPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorMethod | null>(null);
  const [disabling, setDisabling] = useState(false);
  const method = status.data?.method ?? null;
  const me = useCurrentAccount();

  return (
    <>
      <PageHeader
        title={t("Security")}
        description={t(
          "Protect your sign-in with a second step: a code from an authenticator app or a text message.",
        )}
      />
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} maw={760}>
        {status.isError ? (
          <LoadFailed
            icon={<IconShieldOff size={28} />}
            title={t("Two-factor settings could not be loaded")}
            query={status}
          />
        ) : !status.data ? (
          <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
            <Skeleton height={22} width="40%" />
            <Skeleton height={14} width="80%" />
            <Skeleton height={36} width={180} mt="sm" />
          </Stack>
        ) : (
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={42} radius="xl" variant="light" color={method ? "teal" : "gray"}>
                {method ? <IconShieldCheck size={24} /> : <IconShieldOff size={24} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Title order={3} fz="lg">
                    {t("Two-factor authentication")}
                  </Title>
                  <Badge color={method ? "teal" : "gray"} variant="light" data-testid="tfa-status">
                    {method ? t("On") : t("Off")}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {method === "app"
                    ? t("Sign-in asks for a code from your authenticator app.")
                    : method === "sms"
                      ? t("Sign-in asks for a code texted to {{phone}}.", {
                          phone: status.data.phone
                            ? formatUsNumber(status.data.phone)
                            : t("your phone"),
                        })
                      : t(
                          "Sign-in asks only for your password. Add a second step so a stolen password is not enough.",
                        )}
                </Text>
              </div>
            </Group>
            {method ? (
              <Group>
                <Button variant="default" color="red" onClick={() => setDisabling(true)}>
                  {t("Turn Off")}
                </Button>
              </Group>
            ) : (
              <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
                <Button leftSection={<IconQrcode size={18} />} onClick={() => setSetup("app")}>
                  {t("Use an Authenticator App")}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconDeviceMobileMessage size={18} />}
                  onClick={() => setSetup("sms")}
                >
                  {t("Use Text Messages")}
                </Button>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {t(
                "At sign-in you can choose to remember a device for 30 days. Turning two-factor off forgets every remembered device.",
              )}
            </Text>
          </Stack>
        )}
      </Paper>
      {me?.superUser && <SignInChecks />}
      <TwoFactorSetupModal
        method={setup}
        phone={status.data?.phone ?? null}
        onClose={() => setSetup(null)}
      />
      <DisableModal opened={disabling} onClose={() => setDisabling(false)} />
    </>
  );
}

function DisableModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    disable.mutate(password, {
      onSuccess: () => {
        notify.success(t("Two-factor authentication is off"));
        setPassword("");
        onClose();
      },
      onError: (err) =>
        setError(translateMessage(err instanceof ApiError ? err.message : String(err))),
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("Turn off two-factor authentication")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t("Enter your password to turn off the second step.")}</Text>
          <PasswordInput
            label={t("Password")}
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t("Turn Off")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
