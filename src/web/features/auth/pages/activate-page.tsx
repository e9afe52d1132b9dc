import { Alert, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXT, PASSWORD_MIN } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { useActivate } from "../api/activate";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { formErrorOf } from "../form-errors";

/** /auth/activate?email=…&u=…: a bundled-deal owner chooses a password (form, then success). */
export default function ActivatePage() {
  const { t } = useTranslation();
  usePageMeta(t("Activate Account"));
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() ?? "";
  const token = params.get("u")?.trim() ?? "";
  const activate = useActivate();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (password.length < PASSWORD_MIN) {
      setError(t(AUTH_TEXT.passwordMin));
      return;
    }
    setError(undefined);
    activate.mutate(
      { token, email, password },
      { onError: (err) => setFormError(formErrorOf(err)) },
    );
  };

  if (!token || !email) {
    return (
      <AuthLayout>
        <AuthOutcome
          testId="activate-invalid"
          color="red"
          icon={<IconAlertTriangle size={30} />}
          title={t("Activate your account")}
        >
          <Alert color="red" variant="light" role="alert">
            {t("Invalid request. Please use the link from your activation e-mail.")}
          </Alert>
          <Button component={Link} to={paths.login} variant="light">
            {t("Go to Log In")}
          </Button>
        </AuthOutcome>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      {activate.isSuccess ? (
        <AuthOutcome
          testId="activate-done"
          color="teal"
          icon={<IconCircleCheck size={30} />}
          title={t("Your account is active")}
        >
          <Text>{t("Log in with {{email}} and the password you just chose.", { email })}</Text>
          <Button component={Link} to={paths.login} size="md">
            {t("Log In")}
          </Button>
        </AuthOutcome>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <AuthHeading
              title={t("Activate your account")}
              subtitle={t("Choose a password to finish setting up your Parley account.")}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="form-error">
                {formError}
              </Alert>
            )}
            <TextInput label={t("Email")} value={email} readOnly />
            <PasswordInput
              label={t("Password")}
              autoComplete="new-password"
              autoFocus
              description={t("At least {{n}} characters.", { n: PASSWORD_MIN })}
              value={password}
              error={error}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" size="md" loading={activate.isPending}>
              {t("Activate Account")}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
