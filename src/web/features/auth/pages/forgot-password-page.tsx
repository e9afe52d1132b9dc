import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconMailCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { forgotPasswordRequest } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { translateMessage } from "../../../i18n";
import { PendingMail } from "../../signup/components/pending-mail";
import { useForgotPassword } from "../api/forgot-password";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { fieldErrors, formErrorOf } from "../form-errors";

/** /auth/forgot-password: asks for the e-mail and mails a reset link (form, then sent). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageMeta(t("Forgot Password"));
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = forgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors<"email">(parsed.error).email);
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data, { onError: (err) => setFormError(formErrorOf(err)) });
  };

  return (
    <AuthLayout>
      {forgot.isSuccess ? (
        <AuthOutcome
          testId="forgot-sent"
          color="teal"
          icon={<IconMailCheck size={30} />}
          title={t("Check your e-mail")}
        >
          <Text>{translateMessage(forgot.data.message)}</Text>
          <PendingMail source="/api/auth/forgot-password/mail" />
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="Nothing after a few minutes? Check your spam folder, or <0>try another address</0>."
              components={[
                <Anchor
                  key="retry"
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => forgot.reset()}
                />,
              ]}
            />
          </Text>
          <Button
            component={Link}
            to={paths.login}
            variant="light"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t("Back to Log In")}
          </Button>
        </AuthOutcome>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <AuthHeading
              title={t("Reset your password")}
              subtitle={t(
                "Enter the e-mail address of your account and we'll send you a link to set a new password.",
              )}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="form-error">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t("Email")}
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              value={email}
              error={error}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" size="md" loading={forgot.isPending}>
              {t("Send Reset Link")}
            </Button>
            <Anchor component={Link} to={paths.login} size="sm" ta="center">
              {t("Back to Log In")}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
