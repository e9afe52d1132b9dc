import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconClockX } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PASSWORD_MIN } from "../../../../domain/auth.schemas";
import { SETUP_TEXT, setupRequest } from "../../../../domain/setup.schemas";
import { DEFAULT_TIMEZONE_ID } from "../../../../domain/timezones";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { browserTimezoneId, TimezoneSelect } from "../../../components/timezone-select";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format-date-time";
import { AuthHeading, AuthLayout, AuthOutcome } from "../../auth/components/auth-layout";
import { deviceId } from "../../auth/device-id";
import { fieldErrors, formErrorOf } from "../../auth/form-errors";
import { useCompleteSetup, useSetupLink } from "../api/setup";

type Field = "businessName" | "username" | "email" | "password" | "timezoneId";

/** Why the link cannot be used, as the server said it (403), else the generic text. */
function refusalOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 403) return translateMessage(err.message);
  return null;
}

/**
 * /setup/<token>: the first owner of a fresh install, by the one-time link Parley printed when it
 * started (business, username, e-mail, password), who lands signed in as the Owner.
 */
export default function SetupPage() {
  const { t } = useTranslation();
  usePageMeta(t("Set Up Parley"));
  const token = useParams().token?.trim() ?? "";
  const navigate = useNavigate();
  const link = useSetupLink(token);
  const setup = useCompleteSetup(token);
  const [values, setValues] = useState({
    businessName: "",
    username: "",
    email: "",
    password: "",
    timezoneId: String(browserTimezoneId() ?? DEFAULT_TIMEZONE_ID) as string | null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string | null) =>
    setValues((v) => ({ ...v, [key]: value }));

  // Refused on opening, or while the form was open (another start replaced it, it expired).
  const refusal = !token
    ? translateMessage(SETUP_TEXT.unknown)
    : (refusalOf(link.error) ??
      refusalOf(setup.error) ??
      (link.isError ? formErrorOf(link.error) : null));
  if (refusal) {
    return (
      <AuthLayout>
        <AuthOutcome
          testId="setup-refused"
          color="orange"
          icon={<IconClockX size={30} />}
          title={t("This setup link cannot be used")}
        >
          <Text role="alert">{refusal}</Text>
          <Button component={Link} to={paths.login} variant="light">
            {t("Go to Log In")}
          </Button>
        </AuthOutcome>
      </AuthLayout>
    );
  }

  if (link.isPending) {
    return (
      <AuthLayout>
        <Stack align="center" gap="sm" py="xl" data-testid="setup-checking">
          <Loader />
          <Text c="dimmed">{t("Checking your setup link…")}</Text>
        </Stack>
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = {
      ...values,
      timezoneId: values.timezoneId ? Number(values.timezoneId) : undefined,
      deviceId: deviceId(),
    };
    const parsed = setupRequest.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setup.mutate(parsed.data, {
      onSuccess: (res) => navigate(res.signedIn ? paths.dashboard : paths.login, { replace: true }),
      onError: (err) => {
        if (err instanceof ApiError && err.extra.fields)
          setErrors(translateFields(err.extra.fields));
        else if (!refusalOf(err)) setFormError(formErrorOf(err));
      },
    });
  };

  const expires = link.data ? new Date(link.data.expiresAt) : null;
  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <AuthHeading
            title={t("Set up Parley")}
            subtitle={t(
              "Create the owner of this server's first account. You will be signed in as its Owner and can invite your team next.",
            )}
          />
          {expires && (
            <Text size="xs" c="dimmed" data-testid="setup-expires">
              {t("This link works once, until {{date}}.", {
                // No account (and so no account zone) exists yet: the operator's own zone.
                date: formatDateTime(expires, Intl.DateTimeFormat().resolvedOptions().timeZone),
              })}
            </Text>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t("Business name")}
            autoComplete="organization"
            required
            autoFocus
            value={values.businessName}
            error={errors.businessName}
            onChange={(e) => set("businessName")(e.currentTarget.value)}
          />
          <TextInput
            label={t("Username")}
            autoComplete="username"
            description={t("You log in with it (or with your e-mail).")}
            required
            value={values.username}
            error={errors.username}
            onChange={(e) => set("username")(e.currentTarget.value)}
          />
          <TextInput
            label={t("Email")}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(e) => set("email")(e.currentTarget.value)}
          />
          <PasswordInput
            label={t("Password")}
            autoComplete="new-password"
            description={t("At least {{n}} characters.", { n: PASSWORD_MIN })}
            required
            value={values.password}
            error={errors.password}
            onChange={(e) => set("password")(e.currentTarget.value)}
          />
          <TimezoneSelect
            required
            value={values.timezoneId ? Number(values.timezoneId) : null}
            error={errors.timezoneId}
            onChange={(id) => set("timezoneId")(String(id))}
          />
          <Button type="submit" size="md" loading={setup.isPending} mt="xs">
            {t("Create Owner Account")}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
