import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconClockX } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AUTH_TEXT } from "../../../../domain/auth.schemas";
import { inviteSignupForm } from "../../../../domain/users.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../api/check-token";
import { useAcceptInvite, useVerifyInvite } from "../api/invite";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { fieldErrors, formErrorOf } from "../form-errors";

type Fields = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
};

/** /auth/invite?key=…: accept an invitation (verifying, expired, form; spec doc 3 §4). */
export default function InvitePage() {
  const { t } = useTranslation();
  usePageMeta(t("Join Your Team"));
  const [params] = useSearchParams();
  const key = params.get("key")?.trim() ?? "";
  const verify = useVerifyInvite(key);
  const session = useSession();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const [values, setValues] = useState<Fields>({
    firstName: "",
    lastName: "",
    username: "",
    email: "",
    phoneNumber: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const invitedEmail = verify.data?.email;
  useEffect(() => {
    if (invitedEmail) setValues((v) => (v.email ? v : { ...v, email: invitedEmail }));
  }, [invitedEmail]);

  const set = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const expiredNow = accept.error instanceof ApiError && accept.error.status === 404;
  if (!key || verify.isError || expiredNow) {
    return (
      <AuthLayout>
        <AuthOutcome
          testId="invite-expired"
          color="orange"
          icon={<IconClockX size={30} />}
          title={t(AUTH_TEXT.inviteExpiredHeading)}
        >
          <Text>
            {verify.error instanceof ApiError && verify.error.status !== 404
              ? translateMessage(verify.error.message)
              : t(AUTH_TEXT.inviteExpired)}
          </Text>
          <Button component={Link} to={paths.login} variant="light">
            {t("Go to Log In")}
          </Button>
        </AuthOutcome>
      </AuthLayout>
    );
  }

  if (verify.isPending) {
    return (
      <AuthLayout>
        <Stack align="center" gap="sm" py="xl" data-testid="invite-verifying">
          <Loader />
          <Text c="dimmed">{t("Checking your invitation…")}</Text>
        </Stack>
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = inviteSignupForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Fields>(parsed.error));
      return;
    }
    setErrors({});
    accept.mutate(
      {
        accessKey: key,
        firstName: parsed.data.firstName,
        lastName: parsed.data.lastName,
        username: parsed.data.username,
        email: parsed.data.email,
        // Digits only, as the spec sends it.
        phoneNumber: values.phoneNumber.replace(/\D/g, ""),
        password: parsed.data.password,
      },
      {
        onSuccess: () => navigate(paths.dashboard, { replace: true }),
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields)
            setErrors(translateFields(err.extra.fields as Partial<Fields>));
          else setFormError(formErrorOf(err));
        },
      },
    );
  };

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <AuthHeading
            title={t("Join {{business}}", { business: verify.data.businessName })}
            subtitle={t("Tell your teammates who you are, and choose your username and password.")}
          />
          {session.data?.valid && (
            <Alert variant="light" color="yellow">
              {t(
                "You are signed in to Parley in this browser. Accepting signs you in as the new user instead.",
              )}
            </Alert>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {formError}
            </Alert>
          )}
          <Group grow gap="sm" align="flex-start">
            <TextInput
              label={t("First name")}
              autoComplete="given-name"
              autoFocus
              value={values.firstName}
              error={errors.firstName}
              onChange={set("firstName")}
            />
            <TextInput
              label={t("Last name")}
              autoComplete="family-name"
              value={values.lastName}
              error={errors.lastName}
              onChange={set("lastName")}
            />
          </Group>
          <TextInput
            label={t("Username")}
            required
            autoComplete="username"
            value={values.username}
            error={errors.username}
            onChange={set("username")}
          />
          <TextInput
            label={t("Email")}
            type="email"
            required
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={set("email")}
          />
          <TextInput
            label={t("Phone number")}
            type="tel"
            autoComplete="tel"
            description={t("Optional: for text-message sign-in codes.")}
            value={values.phoneNumber}
            error={errors.phoneNumber}
            onChange={set("phoneNumber")}
          />
          <PasswordInput
            label={t("Password")}
            required
            autoComplete="new-password"
            description={t("At least 8 characters.")}
            value={values.password}
            error={errors.password}
            onChange={set("password")}
          />
          <PasswordInput
            label={t("Confirm Password")}
            required
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={set("confirmPassword")}
          />
          <Button type="submit" size="md" mt="xs" loading={accept.isPending}>
            {t("Create Account")}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t("Already have an account?")}{" "}
            <Anchor component={Link} to={paths.login}>
              {t("Log in")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
