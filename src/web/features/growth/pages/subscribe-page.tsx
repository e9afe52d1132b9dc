import {
  Box,
  Button,
  Center,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { PAGE_URL_MAX } from "../../../../domain/consent-evidence";
import {
  publicSignupPage,
  readSignupUrl,
  type SignupLang,
  type SignupValues,
  signupResult,
  signupText,
} from "../../../../domain/signup-page";
import { usePageMeta } from "../../../components/page-meta";
import { ApiError, api } from "../../../lib/api-client";
import { SignupForm } from "../components/signup-form";
import { createSignupI18n } from "../lib/signup-i18n";

/** /subscribe/:accountName (spec doc 3 §2): the public sign-up page, EN or ES (?lang=). */
export default function SubscribePage() {
  const { accountName = "" } = useParams();
  return (
    <PublicSignup
      accountName={accountName}
      apiPath={`/api/subscribe/${encodeURIComponent(accountName)}`}
    />
  );
}

/**
 * The sign-up page's form in EN or ES, read from and posted to `apiPath`: the sign-up page itself,
 * or an opt-in tracker page (which adds `extra`, e.g. that the visitor came from the web banner).
 */
export function PublicSignup(props: {
  accountName: string;
  apiPath: string;
  extra?: Record<string, string>;
}) {
  const [search, setSearch] = useSearchParams();
  const url = useMemo(() => readSignupUrl(search), [search]);
  const i18n = useMemo(() => createSignupI18n(url.lang), [url.lang]);
  const setLang = (lang: string) => {
    const next = new URLSearchParams(search);
    next.set("lang", lang.toUpperCase());
    setSearch(next, { replace: true });
  };
  return (
    <I18nextProvider i18n={i18n}>
      <SubscribeContent
        apiPath={props.apiPath}
        extra={props.extra}
        lang={url.lang}
        url={url}
        onLang={setLang}
      />
    </I18nextProvider>
  );
}

function SubscribeContent(props: {
  apiPath: string;
  extra?: Record<string, string>;
  lang: SignupLang;
  url: ReturnType<typeof readSignupUrl>;
  onLang: (lang: string) => void;
}) {
  const { t } = useTranslation();
  const { lang } = props;
  const page = useQuery({
    queryKey: ["public-signup", props.apiPath],
    queryFn: () =>
      api.get(props.apiPath, {
        schema: publicSignupPage,
        toast: false,
      }),
    retry: false,
  });
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  document.documentElement.lang = lang;

  const submit = async (values: SignupValues, proof: string) => {
    try {
      const res = await api.post(
        props.apiPath,
        {
          ...values,
          ...props.extra,
          recaptchaToken: proof,
          lang,
          formVersion: page.data?.formVersion ?? 0,
          pageUrl: ownPageUrl(),
        },
        { schema: signupResult, toast: false },
      );
      setResult({ ok: true, message: res.data.message });
      return null;
    } catch (err) {
      // Spec doc 3 §8: in Spanish the fixed sentence; in English the server's message.
      const message =
        err instanceof ApiError
          ? lang === "es"
            ? signupText("es", "signupError")
            : err.message
          : signupText(lang, "signupError");
      setResult({ ok: false, message });
      return err instanceof ApiError && err.extra.fields ? err.extra.fields : null;
    }
  };

  const c = page.data?.config;
  usePageMeta(page.data ? page.data.config.companyName || page.data.businessName : "", {
    business: true,
  });
  return (
    <Box
      mih="100vh"
      py={{ base: "md", sm: 48 }}
      px={{ base: "sm", sm: "md" }}
      style={{ background: c?.bgColor ?? "#f1f3f5" }}
    >
      <Stack maw={560} mx="auto" gap="sm">
        <Center>
          <SegmentedControl
            size="xs"
            aria-label={t("language")}
            value={lang}
            onChange={props.onLang}
            data={[
              { value: "en", label: "English" },
              { value: "es", label: "Español" },
            ]}
          />
        </Center>
        <Paper
          radius="lg"
          p={{ base: "md", sm: "xl" }}
          shadow="sm"
          style={{ background: c?.panelBgColor ?? "#fff", color: c?.textColor }}
        >
          {page.isPending ? (
            <Center py={80}>
              <Loader />
            </Center>
          ) : page.isError ? (
            <Text ta="center" py={60} data-testid="signup-unavailable">
              {page.error instanceof ApiError && page.error.status === 404
                ? page.error.extra.reason === "not_live"
                  ? t("notLive")
                  : t("notFound")
                : t("loadFailed")}
            </Text>
          ) : (
            <SignupForm
              key={formKey}
              page={page.data}
              lang={lang}
              locks={props.url}
              challengeUrl={`${props.apiPath}/challenge`}
              onSubmit={submit}
            />
          )}
        </Paper>
        <Text ta="center" size="xs" c="dimmed">
          {t("poweredBy")}
        </Text>
      </Stack>
      <Modal
        opened={result !== null}
        onClose={() => {
          if (result?.ok) setFormKey((k) => k + 1);
          setResult(null);
        }}
        title={result?.ok ? t("successTitle") : t("errorTitle")}
        centered
      >
        <Stack>
          <Text data-testid="signup-result">{result?.message}</Text>
          <Button
            onClick={() => {
              if (result?.ok) setFormKey((k) => k + 1);
              setResult(null);
            }}
            color={c?.accentColor}
          >
            {t("close")}
          </Button>
        </Stack>
      </Modal>
    </Box>
  );
}

/**
 * Where this sign-up is made, for the consent evidence (the app sends no Referer): the page's URL
 * without its fragment, cut to what the server keeps.
 */
function ownPageUrl(): string {
  return window.location.href.split("#")[0]!.slice(0, PAGE_URL_MAX);
}
