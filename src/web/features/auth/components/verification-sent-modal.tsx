import { Alert, Anchor, Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconDevices, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CODE_SENT_MS } from "../../../../domain/sign-in.schemas";
import { PendingMail } from "../../signup/components/pending-mail";
import { useResendVerificationEmail } from "../api/sign-in";
import { formErrorOf } from "../form-errors";

/**
 * The e-mail or device verification dialog (spec doc 3 §2): a link went to the user's inbox; it
 * can be sent again ('resend public welcome email; resend device-verification email').
 */
export function VerificationSentModal(props: {
  kind: "email" | "device";
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const resend = useResendVerificationEmail();
  const [sent, setSent] = useState(false);
  const device = props.kind === "device";
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        setSent(true);
        setTimeout(() => setSent(false), CODE_SENT_MS);
      },
    });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={device ? t("Verify this device") : t("Verify your e-mail")}
      centered
      data-testid="verification-sent"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="teal">
            {device ? <IconDevices size={24} /> : <IconMailCheck size={24} />}
          </ThemeIcon>
          <Text size="sm">
            {device
              ? t(
                  "This is the first time you log in from this device. We sent a link to your e-mail address: open it on this device to continue.",
                )
              : t(
                  "Your e-mail address is not verified yet. We sent you a link: open it to verify your address and continue.",
                )}
          </Text>
        </Group>
        {!device && <PendingMail />}
        <Text size="sm" c="dimmed">
          {t(
            "The link works once. Nothing after a few minutes? Check your spam folder or send it again.",
          )}
        </Text>
        {resend.isError && (
          <Alert color="red" variant="light" role="alert">
            {formErrorOf(resend.error)}
          </Alert>
        )}
        <Group justify="space-between">
          {sent ? (
            <Text size="sm" c="teal" data-testid="link-sent">
              <IconCheck size={14} style={{ verticalAlign: "-2px" }} /> {t("Link sent!")}
            </Text>
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={onResend}>
              {resend.isPending ? t("Sending…") : t("Send the link again")}
            </Anchor>
          )}
          <Button variant="light" onClick={props.onClose}>
            {t("Close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
