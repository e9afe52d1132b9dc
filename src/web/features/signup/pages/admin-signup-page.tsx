import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PASSWORD_MIN } from "../../../../domain/auth.schemas";
import { TRIAL_DAYS } from "../../../../domain/billing";
import { INDUSTRIES } from "../../../../domain/industries";
import { adminSignupRequest, SIGNUP_TEXT } from "../../../../domain/signup.schemas";
import { DEFAULT_TIMEZONE_ID } from "../../../../domain/timezones";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { browserTimezoneId, TimezoneSelect } from "../../../components/timezone-select";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useProviders } from "../../auth/api/sign-in";
import { AuthHeading, AuthLayout } from "../../auth/components/auth-layout";
import { deviceId } from "../../auth/device-id";
import { fieldErrors, formErrorOf } from "../../auth/form-errors";
import { useAdminSignup } from "../api/admin-signup";
import { useSsoSignup } from "../api/sso-signup";

type Field =
  | "firstName"
  | "lastName"
  | "email"
  | "password"
  | "businessName"
  | "industry"
  | "timezoneId"
  | "phone";

/** /admin-signup: a business opens its account (owner, business, 14-day trial). */
export default function AdminSignupPage() {
  const { t } = useTranslation();
  usePageMeta(t("Sign Up"));
  const industryOptions = INDUSTRIES.map((i) => ({
    value: String(i.id),
    label: translateMessage(i.name),
  }));
  const navigate = useNavigate();
  const signup = useAdminSignup();
  // A referral link (/admin-signup?ref=CODE, /billing/refer) credits the business that shared it.
  const [search] = useSearchParams();
  const ref = search.get("ref")?.trim().slice(0, 40) || undefined;
  // A server whose sign-up is by invitation: the operator's link carries it.
  const invite = search.get("invite")?.trim().slice(0, 100) || undefined;
  const mode = useProviders().data?.signup;
  const [values, setValues] = useState({
    firstName: "",
    lastName: "",
    email: "",
    password: "",
    businessName: "",
    industry: null as string | null,
    timezoneId: String(browserTimezoneId() ?? DEFAULT_TIMEZONE_ID) as string | null,
    phone: "",
  });
  // Came through 'Sign Up with Zoom' / 'GoTo': the name and e-mail come from the server.
  const sso = useSsoSignup(search.has("sso"));
  const prefill = sso.data;
  useEffect(() => {
    if (!prefill) return;
    setValues((v) => ({
      ...v,
      firstName: v.firstName || prefill.firstName,
      lastName: v.lastName || prefill.lastName,
      email: v.email || prefill.email,
    }));
  }, [prefill]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string | null) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = {
      ...values,
      industry: values.industry ? Number(values.industry) : undefined,
      timezoneId: values.timezoneId ? Number(values.timezoneId) : undefined,
      deviceId: deviceId(),
    };
    const parsed = adminSignupRequest.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    signup.mutate(
      {
        ...values,
        industry: parsed.data.industry,
        timezoneId: parsed.data.timezoneId,
        deviceId: deviceId(),
        ref,
        invite,
      },
      {
        onSuccess: (res) =>
          navigate(
            res.emailVerificationRequired
              ? `${paths.login}?verification_email_sent=1`
              : prefill
                ? "/webinars"
                : paths.dashboard,
          ),
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields)
            setErrors(translateFields(err.extra.fields));
          else setFormError(formErrorOf(err));
        },
      },
    );
  };

  // Sign-up closed on this server, or by invitation and no invitation in the link: say so, with
  // the way back to the login, instead of a form that would be refused.
  const refusal =
    mode === "closed"
      ? SIGNUP_TEXT.closed
      : mode === "invite" && !invite
        ? SIGNUP_TEXT.inviteNeeded
        : null;
  if (refusal) {
    return (
      <AuthLayout>
        <Stack gap="sm">
          <AuthHeading title={t("Sign up")} />
          <Alert color="gray" variant="light" data-testid="signup-refused">
            {translateMessage(refusal)}
          </Alert>
          <Text size="sm" ta="center">
            {t("Already have an account?")}{" "}
            <Anchor component={Link} to={paths.login}>
              {t("Log in")}
            </Anchor>
          </Text>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <AuthHeading
            title={t("Start your free trial")}
            subtitle={t(
              "{{days}} days free, no card needed. Tell us about you and your business.",
              { days: TRIAL_DAYS },
            )}
          />
          {prefill && (
            <Alert color="teal" variant="light" data-testid="sso-signup">
              {prefill.email
                ? t(
                    "Your {{provider}} account ({{email}}) will be connected to your new Parley account.",
                    { provider: prefill.providerName, email: prefill.email },
                  )
                : t("Your {{provider}} account will be connected to your new Parley account.", {
                    provider: prefill.providerName,
                  })}
            </Alert>
          )}
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t("First name")}
              autoComplete="given-name"
              required
              value={values.firstName}
              error={errors.firstName}
              onChange={(e) => set("firstName")(e.currentTarget.value)}
            />
            <TextInput
              label={t("Last name")}
              autoComplete="family-name"
              required
              value={values.lastName}
              error={errors.lastName}
              onChange={(e) => set("lastName")(e.currentTarget.value)}
            />
          </SimpleGrid>
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
          <TextInput
            label={t("Business name")}
            autoComplete="organization"
            required
            value={values.businessName}
            error={errors.businessName}
            onChange={(e) => set("businessName")(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t("Industry")}
              placeholder={t("Choose…")}
              searchable
              required
              data={industryOptions}
              value={values.industry}
              error={errors.industry}
              onChange={set("industry")}
            />
            <TextInput
              label={t("Business phone")}
              type="tel"
              autoComplete="tel"
              required
              value={values.phone}
              error={errors.phone}
              onChange={(e) => set("phone")(e.currentTarget.value)}
            />
          </SimpleGrid>
          {/* A row of its own: "(UTC+01:00) Central European Time — Paris" is long. */}
          <TimezoneSelect
            required
            value={values.timezoneId ? Number(values.timezoneId) : null}
            error={errors.timezoneId}
            onChange={(id) => set("timezoneId")(String(id))}
          />
          <Button type="submit" size="md" loading={signup.isPending} mt="xs">
            {t("Start My Free Trial")}
          </Button>
          <Group justify="center" gap={4}>
            <Text size="sm" c="dimmed">
              {t("Already have an account?")}
            </Text>
            <Anchor component={Link} to={paths.login} size="sm">
              {t("Log in")}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
