import { Alert, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AUTH_TEXT, PASSWORD_MIN } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { useActivate } from "../api/activate";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { formErrorOf } from "../form-errors";

/** /auth/activate?email=…&u=…: a bundled-deal owner chooses a password (form, then success). */
export default function ActivatePage() {
  usePageMeta("Activate Account");
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
      setError(AUTH_TEXT.passwordMin);
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
          title="Activate your account"
        >
          <Alert color="red" variant="light" role="alert">
            Invalid request. Please use the link from your activation e-mail.
          </Alert>
          <Button component={Link} to={paths.login} variant="light">
            Go to Log In
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
          title="Your account is active"
        >
          <Text>Log in with {email} and the password you just chose.</Text>
          <Button component={Link} to={paths.login} size="md">
            Log In
          </Button>
        </AuthOutcome>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <AuthHeading
              title="Activate your account"
              subtitle="Choose a password to finish setting up your Parley account."
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="form-error">
                {formError}
              </Alert>
            )}
            <TextInput label="Email" value={email} readOnly />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              autoFocus
              description={`At least ${PASSWORD_MIN} characters.`}
              value={password}
              error={error}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" size="md" loading={activate.isPending}>
              Activate Account
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
