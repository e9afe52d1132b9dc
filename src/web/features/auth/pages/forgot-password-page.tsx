import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconMailCheck } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { forgotPasswordRequest } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { PendingMail } from "../../signup/components/pending-mail";
import { useForgotPassword } from "../api/forgot-password";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { fieldErrors, formErrorOf } from "../form-errors";

/** /auth/forgot-password: asks for the e-mail and mails a reset link (form, then sent). */
export default function ForgotPasswordPage() {
  usePageMeta("Forgot Password");
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
          title="Check your e-mail"
        >
          <Text>{forgot.data.message}</Text>
          <PendingMail source="/api/auth/forgot-password/mail" />
          <Text size="sm" c="dimmed">
            Nothing after a few minutes? Check your spam folder, or{" "}
            <Anchor component="button" type="button" size="sm" onClick={() => forgot.reset()}>
              try another address
            </Anchor>
            .
          </Text>
          <Button
            component={Link}
            to={paths.login}
            variant="light"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to Log In
          </Button>
        </AuthOutcome>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <AuthHeading
              title="Reset your password"
              subtitle="Enter the e-mail address of your account and we'll send you a link to set a new password."
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="form-error">
                {formError}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              value={email}
              error={error}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" size="md" loading={forgot.isPending}>
              Send Reset Link
            </Button>
            <Anchor component={Link} to={paths.login} size="sm" ta="center">
              Back to Log In
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
