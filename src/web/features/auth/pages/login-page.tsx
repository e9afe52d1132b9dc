import {
  Alert,
  Anchor,
  Button,
  Divider,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconBrandFacebook, IconBrandGoogle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { loginRequest } from "../../../../domain/auth.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { ApiError } from "../../../lib/api-client";
import { isEmbedded } from "../../../lib/frame";
import { notify } from "../../../lib/notify";
import { afterLoginPath } from "../after-login";
import { useSession } from "../api/check-token";
import { useLogin } from "../api/login";
import { AuthLayout } from "../components/auth-layout";
import { TwoFactorStep } from "../components/two-factor-step";

type Fields = { username: string; password: string };

export default function LoginPage() {
  usePageMeta("Login", { indexable: true });
  const location = useLocation();
  const navigate = useNavigate();
  const embedded = isEmbedded();
  const session = useSession();
  const login = useLogin();
  const [values, setValues] = useState<Fields>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const destination = afterLoginPath(location.search, embedded);
  const [twoFactor, setTwoFactor] = useState(false);

  // Already signed in (e.g. a second tab): go straight on.
  if (session.data?.valid) return <Navigate to={destination} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginRequest.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Fields> = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof Fields] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (res) => {
        if (res.twoFactorRequired) setTwoFactor(true);
        else navigate(destination, { replace: true });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.extra.fields) {
          setErrors(err.extra.fields as Partial<Fields>);
        } else if (!(err instanceof ApiError && err.extra.silent)) {
          setFormError(err.message);
        }
      },
    });
  };

  const providerNotConfigured = (provider: string) =>
    notify.info(`Sign-in with ${provider} is not configured on this server.`);

  if (twoFactor) {
    return (
      <AuthLayout>
        <TwoFactorStep
          onDone={() => navigate(destination, { replace: true })}
          onCancel={() => {
            setTwoFactor(false);
            setValues((v) => ({ ...v, password: "" }));
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              Welcome back
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Log in to your Parley account
            </Text>
          </div>
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="login-error">
              {formError}
            </Alert>
          )}
          <TextInput
            label="Email / Username"
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
            label="Password"
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
              Reset Password
            </Anchor>
          )}
          <Button type="submit" size="md" loading={login.isPending}>
            Log In
          </Button>
          <Divider label="or" labelPosition="center" />
          <Button
            variant="default"
            leftSection={<IconBrandFacebook size={18} color="#1877f2" />}
            onClick={() => providerNotConfigured("Facebook")}
          >
            Continue With Facebook
          </Button>
          <Button
            variant="default"
            leftSection={<IconBrandGoogle size={18} />}
            onClick={() => providerNotConfigured("Google")}
          >
            Continue With Google
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New to Parley?{" "}
            <Anchor component={Link} to={paths.adminSignup}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
