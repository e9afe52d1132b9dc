import { Alert, Anchor, Button, Checkbox, Group, PinInput, Stack, Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_TEXT, REMEMBER_DEVICE_DAYS } from "../../../../domain/auth.schemas";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useHasTfa, useSendTfaSms, useValidateTfa } from "../api/two-factor-login";
import { AuthHeading } from "./auth-layout";

const CODE_SENT_MS = 4000;

/**
 * Two-factor code entry (spec doc 3 §2 and §4): the code from the authenticator app or from a
 * text, 'remember this device for 30 days', resend for texts ('Code sent!' for 4 s).
 */
export function TwoFactorStep(props: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const has = useHasTfa(true);
  const send = useSendTfaSms();
  const validate = useValidateTfa();
  const [code, setCode] = useState("");
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const sentOnce = useRef(false);
  const method = has.data?.method;

  const sendCode = () => {
    setError(null);
    send.mutate(undefined, {
      onSuccess: () => {
        setCodeSent(true);
        setTimeout(() => setCodeSent(false), CODE_SENT_MS);
      },
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status === 429 ? err.message : AUTH_TEXT.errorSendingSms,
        ),
    });
  };

  // A text code is sent as soon as the step opens.
  useEffect(() => {
    if (method === "sms" && !sentOnce.current) {
      sentOnce.current = true;
      sendCode();
    }
  });

  const timedOut = has.isSuccess && !has.data.required;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    validate.mutate(
      { token: code, rememberDevice: remember },
      {
        onSuccess: props.onDone,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) setError(err.message);
          else setError(AUTH_TEXT.invalidAuthCode);
          setCode("");
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="two-factor-step">
      <Stack gap="md">
        <AuthHeading
          title={t("Two-factor authentication")}
          subtitle={
            method === "sms"
              ? t("Enter the 6-digit code we texted to {{phone}}.", {
                  phone: has.data?.phoneHint ?? t("your phone"),
                })
              : t("Enter the 6-digit code from your authenticator app.")
          }
        />
        {(error || timedOut) && (
          <Alert color="red" variant="light" role="alert" data-testid="tfa-error">
            {timedOut
              ? t("Your sign-in has timed out. Please log in again.")
              : error && translateMessage(error)}
          </Alert>
        )}
        <Group justify="center">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            aria-label={t("Authentication code")}
            size="lg"
            disabled={timedOut}
          />
        </Group>
        <Checkbox
          label={t("Remember this device for {{n}} days", { n: REMEMBER_DEVICE_DAYS })}
          checked={remember}
          onChange={(e) => setRemember(e.currentTarget.checked)}
        />
        <Button
          type="submit"
          size="md"
          loading={validate.isPending}
          disabled={code.trim() === "" || timedOut}
        >
          {t("Verify")}
        </Button>
        {method === "sms" && (
          <Group justify="center" gap={6}>
            {codeSent ? (
              <Text size="sm" c="teal" data-testid="code-sent">
                <IconCheck size={14} style={{ verticalAlign: "-2px" }} /> {t("Code sent!")}
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  {t("No text?")}
                </Text>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={sendCode}
                  disabled={send.isPending}
                >
                  {t("Resend code")}
                </Anchor>
              </>
            )}
          </Group>
        )}
        <Anchor component="button" type="button" size="sm" ta="center" onClick={props.onCancel}>
          {t("Back to Log In")}
        </Anchor>
      </Stack>
    </form>
  );
}
