import {
  Alert,
  Anchor,
  Button,
  Group,
  PinInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconCheck, IconClockExclamation } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { formatUsNumber } from "../../../../domain/phone";
import {
  CODE_SENT_MS,
  PHONE_CODE_LENGTH,
  PHONE_RESEND_SECONDS,
  phoneCode,
  SIGN_IN_TEXT,
  type VerifyPhoneResponse,
  verificationPhone,
} from "../../../../domain/sign-in.schemas";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useSession } from "../api/check-token";
import { usePhoneVerificationStatus, useSendPhoneCode, useVerifyPhone } from "../api/sign-in";
import { AuthHeading, AuthLayout, AuthOutcome } from "../components/auth-layout";
import { formErrorOf } from "../form-errors";

/** Seconds left before another code may be asked for (spec doc 3 §9: 30 s). */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1000)),
    start: () => {
      setNow(Date.now());
      setUntil(Date.now() + PHONE_RESEND_SECONDS * 1000);
    },
  };
}

/**
 * /auth/phone-verification (spec doc 3 §4): send a 4-digit code by text, then verify it. Part of
 * a sign-in (the public variant, no session yet) or for a signed-in user; then the dashboard
 * with first_login=1.
 */
export default function PhoneVerificationPage() {
  const { t } = useTranslation();
  usePageMeta(t("Phone Verification"));
  const navigate = useNavigate();
  const session = useSession();
  const status = usePhoneVerificationStatus();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const countdown = useCountdown();
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);

  const loading = session.isPending || status.isPending;
  const timedOut = !loading && !session.data?.valid && !status.data?.pending;

  const sendCode = (to: string, resend: boolean) => {
    setFormError(null);
    send.mutate(
      { phone: to, resend },
      {
        onSuccess: () => {
          setSentTo(to);
          countdown.start();
          if (resend) {
            setCodeSent(true);
            setTimeout(() => setCodeSent(false), CODE_SENT_MS);
          }
        },
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields?.phone)
            setErrors({ phone: translateMessage(err.extra.fields.phone) });
          else setFormError(formErrorOf(err));
        },
      },
    );
  };

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verificationPhone.safeParse(phone);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setErrors({ phone: issue && translateMessage(issue) });
      return;
    }
    setErrors({});
    sendCode(parsed.data, false);
  };

  const next = (res: VerifyPhoneResponse) => {
    if (res.deviceVerificationRequired)
      navigate(`${paths.login}?verification_email_sent=1&device=1`, { replace: true });
    else if (res.twoFactorRequired) navigate(`${paths.login}?two_factor=1`, { replace: true });
    else navigate(`${paths.dashboard}?first_login=1`, { replace: true });
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = phoneCode.safeParse(code);
    if (!parsed.success || !sentTo) {
      setErrors({
        code: translateMessage(parsed.error?.issues[0]?.message ?? SIGN_IN_TEXT.codeRequired),
      });
      return;
    }
    setErrors({});
    verify.mutate(
      { verificationCode: parsed.data, phoneNumber: sentTo },
      {
        onSuccess: next,
        onError: (err) => {
          setCode("");
          if (err instanceof ApiError && err.extra.fields?.verificationCode)
            setErrors({ code: translateMessage(err.extra.fields.verificationCode) });
          else setFormError(formErrorOf(err));
        },
      },
    );
  };

  return (
    <AuthLayout>
      {loading ? (
        <Stack gap="sm" aria-busy="true" aria-label={t("Loading")}>
          <Skeleton height={28} width="70%" />
          <Skeleton height={14} width="90%" />
          <Skeleton height={36} mt="md" />
        </Stack>
      ) : timedOut ? (
        <AuthOutcome
          testId="phone-timed-out"
          color="yellow"
          icon={<IconClockExclamation size={30} />}
          title={t("Log in to verify your phone")}
        >
          <Text>{t(SIGN_IN_TEXT.signInTimedOut)}</Text>
          <Button component={Link} to={paths.login} variant="light">
            {t("Back to Log In")}
          </Button>
        </AuthOutcome>
      ) : sentTo === null ? (
        <form onSubmit={onSend} noValidate>
          <Stack gap="md">
            <AuthHeading
              title={t("Verify your phone number")}
              subtitle={t("We'll text a {{n}}-digit code to your mobile phone (US or Canada).", {
                n: PHONE_CODE_LENGTH,
              })}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="phone-error">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t("Mobile phone number")}
              type="tel"
              autoComplete="tel"
              placeholder="312-555-0142"
              autoFocus
              value={phone}
              error={errors.phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
            <Button type="submit" size="md" loading={send.isPending}>
              {t("Send Code")}
            </Button>
            <Anchor component={Link} to={paths.login} size="sm" ta="center">
              {t("Back to Log In")}
            </Anchor>
          </Stack>
        </form>
      ) : (
        <form onSubmit={onVerify} noValidate data-testid="phone-code-step">
          <Stack gap="md">
            <AuthHeading
              title={t("Enter your code")}
              subtitle={t("We texted a {{n}}-digit code to {{phone}}.", {
                n: PHONE_CODE_LENGTH,
                phone: formatUsNumber(sentTo),
              })}
            />
            {formError && (
              <Alert color="red" variant="light" role="alert" data-testid="phone-error">
                {formError}
              </Alert>
            )}
            <Stack gap={4} align="center">
              <PinInput
                length={PHONE_CODE_LENGTH}
                type="number"
                oneTimeCode
                autoFocus
                size="lg"
                value={code}
                onChange={setCode}
                aria-label={t("Verification code")}
                error={Boolean(errors.code)}
              />
              {errors.code && (
                <Text size="sm" c="red" role="alert" data-testid="code-error">
                  {errors.code}
                </Text>
              )}
            </Stack>
            <Button type="submit" size="md" loading={verify.isPending} disabled={code === ""}>
              {t("Verify")}
            </Button>
            <Group justify="center" gap={6}>
              {codeSent ? (
                <Text size="sm" c="teal" data-testid="code-sent">
                  <IconCheck size={14} style={{ verticalAlign: "-2px" }} />{" "}
                  {t(SIGN_IN_TEXT.codeSent)}
                </Text>
              ) : (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => sendCode(sentTo, true)}
                  disabled={countdown.left > 0}
                  loading={send.isPending}
                >
                  {countdown.left > 0
                    ? t("Resend code in {{n}} s", { n: countdown.left })
                    : t("Resend code")}
                </Button>
              )}
            </Group>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="center"
              onClick={() => {
                setSentTo(null);
                setCode("");
                setErrors({});
              }}
            >
              {t("Use another number")}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
