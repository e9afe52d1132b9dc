import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXT, resetPasswordForm } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { useResetPassword } from "../api/reset-password";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { fieldErrors, formErrorOf } from "../form-errors";

type Fields = { newPassword: string; confirmPassword: string };

/** /auth/reset-password?token=…: the new password twice (form, then success). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageMeta(t("Reset Password"));
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [values, setValues] = useState<Fields>({ newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Fields>(parsed.error));
      return;
    }
    setErrors({});
    reset.mutate(
      { resetPasswordToken: token, newPassword: parsed.data.newPassword },
      { onError: (err) => setFormError(formErrorOf(err)) },
    );
  };

  if (!token) {
    return (
      <AuthLayout>
        <AuthOutcome
          testId="reset-invalid"
          color="red"
          icon={<IconAlertTriangle size={30} />}
          title={t("Reset your password")}
        >
          <Alert color="red" variant="light" role="alert">
            {t(AUTH_TEXT.resetTokenMissing)}
          </Alert>
          <Button component={Link} to={paths.forgotPassword}>
            {t("Start a new request")}
          </Button>
        </AuthOutcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      {reset.isSuccess ? (
        <AuthOutcome
          testId="reset-done"
          color="teal"
          icon={<IconCircleCheck size={30} />}
          title={t("Your password has been reset")}
        >
          <Text>
            {t("You can now log in with your new password. Every other session was signed out.")}
          </Text>
          <Button component={Link} to={paths.login} size="md">
            {t("Log In")}
          </Button>
        </AuthOutcome>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <AuthHeading
              title={t("Choose a new password")}
              subtitle={t("Use at least 8 characters. The link works once.")}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="form-error">
                {formError}{" "}
                <Anchor component={Link} to={paths.forgotPassword} size="sm">
                  {t("Start a new request")}
                </Anchor>
              </Alert>
            )}
            <PasswordInput
              label={t("New Password")}
              name="newPassword"
              autoComplete="new-password"
              autoFocus
              value={values.newPassword}
              error={errors.newPassword}
              onChange={(e) => {
                const newPassword = e.currentTarget.value;
                setValues((v) => ({ ...v, newPassword }));
              }}
            />
            <PasswordInput
              label={t("Confirm New Password")}
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              error={errors.confirmPassword}
              onChange={(e) => {
                const confirmPassword = e.currentTarget.value;
                setValues((v) => ({ ...v, confirmPassword }));
              }}
            />
            <Button type="submit" size="md" loading={reset.isPending}>
              {t("Reset Password")}
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
