import {
  Alert,
  Anchor,
  Box,
  Button,
  Code,
  ColorInput,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconLayoutNavbar } from "@tabler/icons-react";
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type WebBannerConfig, webBannerConfig } from "../../../../domain/growth-tools";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { useOptinPages, useSaveWebBanner, useWebBanner } from "../api/growth-tools";

/**
 * /optins/web-banner: a bar across the top or bottom of the business's own site. One script tag
 * embeds it; its button opens one of the account's opt-in pages (sign-ups there are stamped
 * 'Opt In Web Banner').
 */
export default function WebBannerPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const canEdit = meCan(me, "settings:write");
  const banner = useWebBanner();
  const pages = useOptinPages();
  const save = useSaveWebBanner();
  const form = useForm<WebBannerConfig>({ initialValues: webBannerConfig.parse({}) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the saved banner once
  useEffect(() => {
    if (banner.data) {
      form.setValues(banner.data.config);
      form.resetDirty(banner.data.config);
    }
  }, [banner.data]);

  const submit = form.onSubmit((values) => {
    const parsed = webBannerConfig.safeParse(values);
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        form.setFieldError(String(i.path[0]), translateMessage(i.message));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (r) => {
        form.resetDirty(r.config);
        notify.success(r.config.enabled ? t("Banner saved and live") : t("Banner saved (off)"));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.extra.fields)
          form.setErrors(translateFields(err.extra.fields) as never);
      },
    });
  });

  if (banner.isError)
    return (
      <>
        <PageHeader title={t("Web Banner")} />
        <LoadFailed
          icon={<IconLayoutNavbar />}
          title={t("The banner could not be loaded")}
          query={banner}
        />
      </>
    );
  const v = form.values;
  const pageOptions = (pages.data?.rows ?? []).map((p) => ({
    value: String(p.id),
    label: p.active
      ? `${p.title} (/${p.slug})`
      : t("{{page}} · paused", { page: `${p.title} (/${p.slug})` }),
  }));
  const snippet = banner.data
    ? `<script src="${banner.data.scriptUrl}" data-account="${banner.data.accountName}" async></script>`
    : "";

  return (
    <>
      <PageHeader
        title={t("Web Banner")}
        description={t(
          "A slim bar on your website that invites visitors to get your texts. It opens one of your opt-in pages, where they sign up with their consent recorded.",
        )}
      />
      {!banner.data ? (
        <Skeleton h={420} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Paper withBorder radius="md" p="lg">
            <form onSubmit={submit} noValidate>
              <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
                <Stack gap="sm">
                  <Switch
                    label={t("Show the banner on my site")}
                    {...form.getInputProps("enabled", { type: "checkbox" })}
                  />
                  <TextInput label={t("Message")} withAsterisk {...form.getInputProps("message")} />
                  <TextInput
                    label={t("Button text")}
                    withAsterisk
                    {...form.getInputProps("buttonText")}
                  />
                  <Select
                    label={t("The button opens")}
                    placeholder={
                      pageOptions.length ? t("Pick an opt-in page") : t("No opt-in page yet")
                    }
                    data={pageOptions}
                    value={v.optinPageId ? String(v.optinPageId) : null}
                    onChange={(x) => form.setFieldValue("optinPageId", x ? Number(x) : null)}
                    error={form.errors.optinPageId}
                  />
                  {pages.isSuccess && pageOptions.length === 0 && (
                    <Text size="sm" c="dimmed">
                      <Trans
                        t={t}
                        i18nKey="Opt-in pages are made on <0>Growth</0>."
                        components={[
                          <Anchor key="growth" component={Link} to="/growth#optin-pages" />,
                        ]}
                      />
                    </Text>
                  )}
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t("Position")}
                    </Text>
                    <SegmentedControl
                      data={[
                        { value: "top", label: t("Top") },
                        { value: "bottom", label: t("Bottom") },
                      ]}
                      {...form.getInputProps("position")}
                    />
                  </Stack>
                  <SimpleGrid cols={2}>
                    <ColorInput label={t("Background")} {...form.getInputProps("bgColor")} />
                    <ColorInput label={t("Text")} {...form.getInputProps("textColor")} />
                    <ColorInput label={t("Button")} {...form.getInputProps("buttonColor")} />
                    <ColorInput
                      label={t("Button text")}
                      {...form.getInputProps("buttonTextColor")}
                    />
                  </SimpleGrid>
                  <NumberInput
                    label={t("After a visitor closes it, hide it for (days)")}
                    min={0}
                    max={365}
                    {...form.getInputProps("hideDays")}
                  />
                  {canEdit && (
                    <Group justify="flex-end">
                      <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                        {t("Save banner")}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </fieldset>
            </form>
          </Paper>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg">
              <Title order={3} size="h5" mb="sm">
                {t("Preview")}
              </Title>
              <BannerPreview config={v} />
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t("Add it to your site")}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(
                    "Paste this once before the closing </body> tag of your site. It works on any site builder and cannot be styled by your site's CSS.",
                  )}
                </Text>
                <Code
                  block
                  data-testid="banner-snippet"
                  style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }}
                >
                  {snippet}
                </Code>
                <CopyButton value={snippet}>
                  {({ copied, copy }) => (
                    <Button variant="default" size="xs" w="fit-content" onClick={copy}>
                      {copied ? t("Copied") : t("Copy code")}
                    </Button>
                  )}
                </CopyButton>
                {!banner.data.config.enabled && (
                  <Alert color="yellow" variant="light" p="xs">
                    {t(
                      "The banner is off: the code shows nothing until you switch it on and save.",
                    )}
                  </Alert>
                )}
                <Group gap="xl" mt="xs">
                  <Stat label={t("Views")} testId="views" value={banner.data.views} />
                  <Stat label={t("Clicks")} testId="clicks" value={banner.data.clicks} />
                  <Stat
                    label={t("Click rate")}
                    testId="click-rate"
                    value={
                      banner.data.views
                        ? `${((banner.data.clicks / banner.data.views) * 100).toFixed(1)}%`
                        : "–"
                    }
                  />
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </SimpleGrid>
      )}
    </>
  );
}

/** `testId` names the figure in English ("banner-click-rate") whatever the language shown. */
function Stat(props: { label: string; testId: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text fw={700} size="xl" data-testid={`banner-${props.testId}`}>
        {props.value}
      </Text>
    </Stack>
  );
}

/** The bar on a sketch of a web page, as visitors will see it. */
function BannerPreview(props: { config: WebBannerConfig }) {
  const { t } = useTranslation();
  const c = props.config;
  const bar = (
    <Group
      justify="center"
      gap="sm"
      px="md"
      py={8}
      wrap="wrap"
      style={{ background: c.bgColor, color: c.textColor, fontWeight: 500, fontSize: 14 }}
    >
      <span>{c.message || t("Your message")}</span>
      <span
        style={{
          background: c.buttonColor,
          color: c.buttonTextColor,
          padding: "6px 14px",
          borderRadius: 6,
          fontWeight: 700,
        }}
      >
        {c.buttonText || t("Sign up")}
      </span>
      <span aria-hidden style={{ marginLeft: "auto", fontSize: 18 }}>
        ×
      </span>
    </Group>
  );
  return (
    <Box
      style={{
        border: "1px solid var(--mantine-color-gray-4)",
        borderRadius: 8,
        overflow: "hidden",
      }}
      data-testid="banner-preview"
    >
      <Group gap={6} px="sm" py={6} bg="gray.1">
        {["#fa5252", "#fab005", "#40c057"].map((x) => (
          <Box key={x} w={10} h={10} style={{ borderRadius: 5, background: x }} />
        ))}
        <Text size="xs" c="dimmed" ml="xs">
          {t("your-site.com")}
        </Text>
      </Group>
      {c.position === "top" && bar}
      <Stack gap={8} p="md" h={150} bg="white">
        <Box h={14} w="60%" bg="gray.2" style={{ borderRadius: 4 }} />
        <Box h={10} w="90%" bg="gray.1" style={{ borderRadius: 4 }} />
        <Box h={10} w="80%" bg="gray.1" style={{ borderRadius: 4 }} />
        <Box h={10} w="85%" bg="gray.1" style={{ borderRadius: 4 }} />
      </Stack>
      {c.position === "bottom" && bar}
    </Box>
  );
}
