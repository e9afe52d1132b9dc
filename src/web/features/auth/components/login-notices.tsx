import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OAUTH_PROVIDERS, PROVIDER_NAMES, SIGN_IN_TEXT } from "../../../../domain/sign-in.schemas";
import { WEBINAR_PROVIDER_NAMES, WEBINAR_PROVIDERS } from "../../../../domain/webinars";
import { paths } from "../../../app/paths";

function providerName(src: string | null): string | null {
  const found = OAUTH_PROVIDERS.find((p) => p === src?.toLowerCase());
  if (found) return PROVIDER_NAMES[found];
  // The webinar services sign in through the /zoom and /goto welcome pages.
  const service = WEBINAR_PROVIDERS.find((p) => p === src?.toLowerCase());
  return service ? WEBINAR_PROVIDER_NAMES[service] : null;
}

/** One alert above the login form for the flags that only need words (spec doc 3 §2). */
export function LoginAlert({
  params,
  magicInvalid,
}: {
  params: URLSearchParams;
  magicInvalid: boolean;
}) {
  const { t } = useTranslation();
  const src = providerName(params.get("src")) ?? t("that service");
  let alert: { color: string; text: string } | null = null;
  if (magicInvalid) alert = { color: "red", text: t(SIGN_IN_TEXT.magicTokenInvalid) };
  else if (params.get("ssoError") === "not_configured")
    alert = {
      color: "yellow",
      text: t("Sign-in with {{src}} is not configured on this server.", { src }),
    };
  else if (params.has("ssoError"))
    alert = {
      color: "red",
      text: t(
        "We couldn't sign you in with {{src}}. Please try again, or log in with your e-mail and password.",
        { src },
      ),
    };
  else if (params.has("email_token_invalid"))
    alert = { color: "red", text: t(SIGN_IN_TEXT.emailTokenInvalid) };
  else if (params.has("device_token_invalid"))
    alert = { color: "red", text: t(SIGN_IN_TEXT.deviceTokenInvalid) };
  else if (params.has("email_verified"))
    alert = { color: "teal", text: t("Your e-mail address is verified. Log in to continue.") };
  else if (params.has("device_verified"))
    alert = { color: "teal", text: t("This device is verified. Log in to continue.") };
  if (!alert) return null;
  return (
    <Alert color={alert.color} variant="light" role="alert" data-testid="login-notice">
      {alert.text}
    </Alert>
  );
}

/**
 * The dialogs of the login flags: emailFound=1 'Account Not Connected', any other emailFound
 * 'No Account Found' (src names the service), and the device-mismatch dialog.
 */
export function LoginDialogs({ params }: { params: URLSearchParams }) {
  const [closed, setClosed] = useState(false);
  const { t } = useTranslation();
  const close = () => setClosed(true);
  const src = providerName(params.get("src")) ?? t("that service");
  const emailFound = params.get("emailFound");
  const mismatch = params.has("incorrect_device");

  if (emailFound !== null) {
    const connected = emailFound === "1";
    return (
      <Modal
        opened={!closed}
        onClose={close}
        centered
        title={connected ? t(SIGN_IN_TEXT.accountNotConnected) : t(SIGN_IN_TEXT.noAccountFound)}
      >
        <Stack gap="md">
          <Text size="sm">
            {connected
              ? t(
                  "A Parley user has the e-mail address of your {{src}} account, but {{src}} has not confirmed that address, so we can't connect the two. Log in with your e-mail or username and password instead.",
                  { src },
                )
              : t(
                  "No Parley account uses the e-mail address of your {{src}} account. Log in with another account, or sign up to create one.",
                  { src },
                )}
          </Text>
          <Group justify="flex-end">
            {!connected && (
              <Button component={Link} to={paths.adminSignup} variant="default">
                {t("Sign Up")}
              </Button>
            )}
            <Button onClick={close}>{t("Log In")}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  if (mismatch) {
    return (
      <Modal opened={!closed} onClose={close} centered title={t("Different device")}>
        <Stack gap="md">
          <Text size="sm">{t(SIGN_IN_TEXT.incorrectDevice)}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t("OK")}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return null;
}
