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
  Title,
} from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { type LoginResponse, loginRequest } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { isEmbedded } from "../../../lib/frame";
import { afterLoginPath } from "../after-login";
import { useSession } from "../api/check-token";
import { useLogin } from "../api/login";
import { useMagicToken } from "../api/sign-in";
import { AuthLayout } from "../components/auth-layout";
import { EnterpriseThanks } from "../components/enterprise-thanks";
import { LoginAlert, LoginDialogs } from "../components/login-notices";
import { MagicLinkModal } from "../components/magic-link-modal";
import { ProviderButtons } from "../components/provider-buttons";
import { TwoFactorStep } from "../components/two-factor-step";
import { VerificationSentModal } from "../components/verification-sent-modal";
import { deviceId } from "../device-id";

type Fields = { username: string; password: string };
type Step = "form" | "tfa" | "enterprise" | "magic";

/**
 * /auth/login: credentials, then whatever the login sequence asks next (spec doc 3 §4): the
 * e-mail or device verification dialog, phone verification, two-factor. The query flags of
 * spec doc 3 §2 open the matching notice, dialog or step.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageMeta(t("Login"), { indexable: true });
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const embedded = isEmbedded();
  const session = useSession();
  const login = useLogin();
  const magic = useMagicToken();
  const [values, setValues] = useState<Fields>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const destination = afterLoginPath(location.search, embedded);
  const magicToken = params.get("magic_token");
  const [step, setStep] = useState<Step>(() =>
    magicToken
      ? "magic"
      : params.has("two_factor")
        ? "tfa"
        : params.has("custom_enterprise")
          ? "enterprise"
          : "form",
  );
  const [sentKind, setSentKind] = useState<"email" | "device" | null>(() =>
    params.has("verification_email_sent") ? (params.has("device") ? "device" : "email") : null,
  );
  const [magicOpen, setMagicOpen] = useState(false);
  const [magicInvalid, setMagicInvalid] = useState(false);

  /** The next step of the login sequence, from the flags of a login-like answer. */
  const follow = (res: LoginResponse) => {
    if (res.emailVerificationRequired) setSentKind("email");
    else if (res.deviceVerificationRequired) setSentKind("device");
    else if (res.phoneVerificationRequired) navigate(paths.phoneVerification, { replace: true });
    else if (res.twoFactorRequired) setStep("tfa");
    else navigate(destination, { replace: true });
  };

  // A magic link (magic_token): checked once; a valid one signs in.
  const checked = useRef(false);
  useEffect(() => {
    if (!magicToken || checked.current) return;
    checked.current = true;
    magic.mutate(magicToken, {
      onSuccess: (res) => {
        if (res.isValid) return follow(res);
        setMagicInvalid(true);
        setStep("form");
      },
      onError: () => {
        setMagicInvalid(true);
        setStep("form");
      },
    });
  });

  // A verification link from an e-mail: the server checks it (and this browser's device).
  const linkToken = params.get("verify_email") ?? params.get("verify_device");
  if (linkToken) {
    const kind = params.has("verify_email") ? "email" : "device";
    return (
      <ServerRedirect to={`/api/auth/verify-${kind}?token=${encodeURIComponent(linkToken)}`} />
    );
  }

  // Already signed in (e.g. a second tab): go straight on.
  if (session.data?.valid && step !== "magic") return <Navigate to={destination} replace />;
  if (params.has("verify_phone")) return <Navigate to={paths.phoneVerification} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setMagicInvalid(false);
    const parsed = loginRequest.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Fields> = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Fields] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    login.mutate(
      { ...parsed.data, deviceId: deviceId() },
      {
        onSuccess: follow,
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields) {
            setErrors(translateFields(err.extra.fields as Partial<Fields>));
          } else if (!(err instanceof ApiError && err.extra.silent)) {
            setFormError(translateMessage(err.message));
          }
        },
      },
    );
  };

  if (step === "magic") {
    return (
      <AuthLayout>
        <Group gap="sm" data-testid="magic-checking">
          <Loader size="sm" />
          <Text>{t("Logging you in…")}</Text>
        </Group>
      </AuthLayout>
    );
  }

  if (step === "enterprise") {
    return (
      <AuthLayout>
        <EnterpriseThanks onBack={() => setStep("form")} />
      </AuthLayout>
    );
  }

  if (step === "tfa") {
    return (
      <AuthLayout>
        <TwoFactorStep
          onDone={() => navigate(destination, { replace: true })}
          onCancel={() => {
            setStep("form");
            setValues((v) => ({ ...v, password: "" }));
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <LoginDialogs params={params} />
      <VerificationSentModal
        kind={sentKind ?? "email"}
        opened={sentKind !== null}
        onClose={() => setSentKind(null)}
      />
      <MagicLinkModal opened={magicOpen} onClose={() => setMagicOpen(false)} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              {t("Welcome back")}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t("Log in to your Parley account")}
            </Text>
          </div>
          <LoginAlert params={params} magicInvalid={magicInvalid} />
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="login-error">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t("Email / Username")}
            name="username"
            autoComplete="username"
            autoFocus
            value={values.username}
            error={errors.username}
            onChange={(e) => {
              const username = e.currentTarget.value;
              setValues((v) => ({ ...v, username }));
            }}
          />
          <PasswordInput
            label={t("Password")}
            name="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={(e) => {
              const password = e.currentTarget.value;
              setValues((v) => ({ ...v, password }));
            }}
          />
          {!embedded && (
            <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="right" mt={-6}>
              {t("Reset Password")}
            </Anchor>
          )}
          <Button type="submit" size="md" loading={login.isPending}>
            {t("Log In")}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => setMagicOpen(true)}
          >
            {t("Email me a sign-in link")}
          </Anchor>
          <ProviderButtons />
          <Text size="sm" ta="center" c="dimmed">
            {t("New to Parley?")}{" "}
            <Anchor component={Link} to={paths.adminSignup} underline="always">
              {t("Sign up")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** A full page load of a server path (which answers with a redirect back into the app). */
function ServerRedirect({ to }: { to: string }) {
  const { t } = useTranslation();
  useEffect(() => window.location.replace(to), [to]);
  return (
    <AuthLayout>
      <Group gap="sm" data-testid="link-checking">
        <Loader size="sm" />
        <Text>{t("Checking your link…")}</Text>
      </Group>
    </AuthLayout>
  );
}
