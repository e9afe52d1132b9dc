import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  Modal,
  PinInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXT, type TwoFactorMethod } from "../../../../domain/auth.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useConfirmTwoFactor, useSetupApp, useSetupSms } from "../api/two-factor-settings";

/** Turns two-factor on: scan the QR code (app) or get a text (SMS), then confirm with a code. */
export function TwoFactorSetupModal(props: {
  method: TwoFactorMethod | null;
  phone: string | null;
  onClose: () => void;
}) {
  const { method, onClose } = props;
  const { t } = useTranslation();
  const app = useSetupApp();
  const sms = useSetupSms();
  const confirm = useConfirmTwoFactor();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  // Opening the app set-up makes its secret at once.
  const startApp = app.mutate;
  const resetSms = sms.reset;
  useEffect(() => {
    setCode("");
    setError(null);
    resetSms();
    setPhone(props.phone ? formatUsNumber(props.phone) : "");
    if (method === "app") startApp();
  }, [method, props.phone, startApp, resetSms]);

  const sendSms = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    sms.mutate(phone, {
      onError: (err) =>
        setError(
          err instanceof ApiError && err.code === "VALIDATION"
            ? err.message
            : AUTH_TEXT.errorSendingSms,
        ),
    });
  };

  const onConfirm = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    confirm.mutate(code, {
      onSuccess: () => {
        notify.success(t("Two-factor authentication is on"));
        onClose();
      },
      onError: (err) => {
        setError(
          err instanceof ApiError && err.status === 404 ? err.message : AUTH_TEXT.invalidAuthCode,
        );
        setCode("");
      },
    });
  };

  const codeStep = (
    <form onSubmit={onConfirm} noValidate>
      <Stack gap="sm">
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          value={code}
          onChange={setCode}
          aria-label={t("Authentication code")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={confirm.isPending} disabled={code.trim() === ""}>
            {t("Turn On")}
          </Button>
        </Group>
      </Stack>
    </form>
  );

  return (
    <Modal
      opened={method !== null}
      onClose={onClose}
      title={method === "app" ? t("Set up an authenticator app") : t("Set up text-message codes")}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="setup-error">
            {translateMessage(error)}
          </Alert>
        )}
        {method === "app" &&
          (app.data ? (
            <>
              <Text size="sm">
                {t(
                  "Scan this QR code with Google Authenticator, 1Password, Authy or another authenticator app, then type the 6-digit code it shows.",
                )}
              </Text>
              <Group justify="center">
                <Image
                  src={app.data.qrDataUrl}
                  alt={t("QR code for your authenticator app")}
                  w={200}
                  h={200}
                />
              </Group>
              <Text size="xs" c="dimmed" ta="center">
                {t("Can't scan? Enter this key:")}{" "}
                <Code data-testid="totp-secret">{app.data.secret}</Code>
              </Text>
              {codeStep}
            </>
          ) : (
            <Text c="dimmed" size="sm">
              {app.isError ? translateMessage(app.error.message) : t("Preparing your QR code…")}
            </Text>
          ))}
        {method === "sms" &&
          (sms.isSuccess ? (
            <>
              <Text size="sm">
                {t("Enter the 6-digit code we texted to {{phone}}.", { phone: sms.data.phoneHint })}
              </Text>
              {codeStep}
            </>
          ) : (
            <form onSubmit={sendSms} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t("Mobile phone number")}
                  type="tel"
                  autoComplete="tel"
                  description={t("A US or Canada mobile number. Sign-in codes are texted here.")}
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  data-autofocus
                />
                <Group justify="flex-end">
                  <Button variant="default" onClick={onClose}>
                    {t("Cancel")}
                  </Button>
                  <Button type="submit" loading={sms.isPending}>
                    {t("Send Code")}
                  </Button>
                </Group>
              </Stack>
            </form>
          ))}
      </Stack>
    </Modal>
  );
}
