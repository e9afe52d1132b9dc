import {
  Alert,
  Anchor,
  Box,
  Button,
  ColorInput,
  CopyButton,
  FileButton,
  Grid,
  Group,
  Image,
  MultiSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconExternalLink } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { offeredGroups } from "../../../../domain/group-choices";
import {
  BUILTIN_ELEMENTS,
  FIELD_STATUS,
  type FieldStatus,
  type PublicSignupPage,
  type SignupLang,
  type SignupPageConfig,
} from "../../../../domain/signup-page";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useCustomFieldOptions, useGroupOptions } from "../api/pickers";
import { useSaveSignupPage, useSignupPageEditor } from "../api/signup-page";
import { SignupForm } from "../components/signup-form";
import { type FieldRow, SortableFields } from "../components/sortable-fields";
import { createSignupI18n } from "../lib/signup-i18n";

type Mode = "edit" | "preview" | "live";
const LOGO_MAX = 200 * 1024;

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** /optins/sign-up-page: the public sign-up page's editor, with preview and live modes. */
export default function SignUpPageEditor() {
  const { t } = useTranslation();
  const editor = useSignupPageEditor();
  const groups = useGroupOptions();
  const fields = useCustomFieldOptions();
  const save = useSaveSignupPage();
  const [mode, setMode] = useState<Mode>("edit");
  const [config, setConfig] = useState<SignupPageConfig | null>(null);
  const [live, setLive] = useState(true);
  const [previewLang, setPreviewLang] = useState<SignupLang>("en");
  const i18n = useMemo(() => createSignupI18n(previewLang), [previewLang]);

  useEffect(() => {
    if (editor.data && config === null) {
      setConfig(editor.data.config);
      setLive(editor.data.live);
    }
  }, [editor.data, config]);

  if (editor.isPending || (editor.data && !config)) return <Skeleton h={480} />;
  if (editor.isError || !config || !editor.data)
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle />}
        title={t("The sign-up page could not be loaded")}
      >
        {editor.error && translateMessage(editor.error.message)}
      </Alert>
    );

  const set = (patch: Partial<SignupPageConfig>) => setConfig({ ...config, ...patch });
  const statusOf = (key: string): FieldStatus => {
    if (key === "name") return config.nameStatus;
    if (key === "email") return config.emailStatus;
    if (key === "phone") return config.phoneStatus;
    if (key === "groups") return config.groupStatus;
    return config.customFields[key.slice(6)] ?? FIELD_STATUS.hidden;
  };
  const setStatus = (key: string, s: FieldStatus) => {
    if (key === "name") set({ nameStatus: s });
    else if (key === "email") set({ emailStatus: s });
    else if (key === "phone")
      set({ phoneStatus: s === FIELD_STATUS.hidden ? FIELD_STATUS.hidden : FIELD_STATUS.required });
    else if (key === "groups") set({ groupStatus: s });
    else if (key.startsWith("field:"))
      set({ customFields: { ...config.customFields, [key.slice(6)]: s } });
  };

  const allKeys = [...BUILTIN_ELEMENTS, ...(fields.data ?? []).map((f) => `field:${f.id}`)];
  const order = [
    ...config.elementOrder.filter((k) => allKeys.includes(k as never)),
    ...allKeys.filter((k) => !config.elementOrder.includes(k)),
  ];
  const label = (key: string) => {
    if (key === "name") return { label: t("Name"), hint: t("First and last name") };
    if (key === "email") return { label: t("Email") };
    if (key === "phone")
      return {
        label: t("Phone number"),
        hint: t(
          "Always required (an SMS list). Hidden: taken from the link (?phoneNumber=…), asked only when the link has none",
        ),
      };
    if (key === "groups") return { label: t("Groups"), hint: t("The groups chosen below") };
    const f = fields.data?.find((x) => `field:${x.id}` === key);
    return {
      label: f?.name ?? key,
      hint: f ? t("Custom field · {{type}}", { type: f.type.replace("_", "-") }) : undefined,
    };
  };
  const rows: FieldRow[] = order.map((key) => ({
    key,
    ...label(key),
    status: statusOf(key),
    alwaysRequired: key === "phone",
  }));

  const previewPage: PublicSignupPage = {
    accountName: editor.data.accountName,
    businessName: editor.data.businessName,
    formVersion: editor.data.formVersion,
    config: { ...config, elementOrder: order },
    groups: (groups.data ?? [])
      .filter((g) => config.groupIds.includes(Number(g.value)))
      .map((g) => ({ id: Number(g.value), name: g.label })),
    customFields: (fields.data ?? [])
      .map((f) => ({
        id: f.id,
        name: f.name,
        type: f.type,
        options: f.options,
        status: config.customFields[String(f.id)] ?? FIELD_STATUS.hidden,
      }))
      .filter((f) => f.status !== FIELD_STATUS.hidden),
    privacyUrl: `/privacy/${encodeURIComponent(editor.data.accountName)}`,
  };

  const onSave = () =>
    save.mutate(
      { config: { ...config, elementOrder: order }, live },
      { onSuccess: () => notify.success(t("Sign-up page saved")) },
    );
  const publicUrl = editor.data.publicUrl;
  const publicPath = `/subscribe/${encodeURIComponent(editor.data.accountName)}`;

  return (
    <>
      <PageHeader
        title={t("Sign-Up Page")}
        description={t(
          "A page of your own where people subscribe to your texts; share its link anywhere.",
        )}
        actions={
          <>
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: "edit", label: t("Edit") },
                { value: "preview", label: t("Preview") },
                { value: "live", label: t("Live") },
              ]}
            />
            <Button onClick={onSave} loading={save.isPending}>
              {t("Save")}
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="sm" mb="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {t("Your page:")}
            </Text>
            <Anchor href={publicPath} target="_blank" size="sm" style={{ wordBreak: "break-all" }}>
              {publicUrl}
            </Anchor>
          </Group>
          <Group gap="xs">
            <CopyButton value={publicUrl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? t("Copied") : t("Copy link")}
                </Button>
              )}
            </CopyButton>
            <Switch
              label={live ? t("Accepting sign-ups") : t("Closed")}
              checked={live}
              onChange={(e) => setLive(e.currentTarget.checked)}
            />
          </Group>
        </Group>
      </Paper>

      {mode === "edit" && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="md" p="md">
              <Stack>
                <Title order={4}>{t("Page")}</Title>
                <TextInput
                  label={t("Company name")}
                  placeholder={editor.data.businessName}
                  value={config.companyName}
                  maxLength={100}
                  onChange={(e) => set({ companyName: e.currentTarget.value })}
                />
                <Textarea
                  label={t("Welcome message")}
                  autosize
                  minRows={2}
                  maxLength={1000}
                  value={config.welcomeMessage}
                  onChange={(e) => set({ welcomeMessage: e.currentTarget.value })}
                />
                <Group align="flex-end">
                  {config.companyLogo && (
                    <Image src={config.companyLogo} alt={t("Logo")} h={48} w="auto" fit="contain" />
                  )}
                  <FileButton
                    accept="image/png,image/jpeg,image/webp,image/svg+xml"
                    onChange={async (file) => {
                      if (!file) return;
                      if (file.size > LOGO_MAX) {
                        notify.error(t("The logo must be smaller than 200 KB"));
                        return;
                      }
                      set({ companyLogo: await readDataUrl(file) });
                    }}
                  >
                    {(p) => (
                      <Button variant="default" {...p}>
                        {config.companyLogo ? t("Change logo") : t("Upload logo")}
                      </Button>
                    )}
                  </FileButton>
                  {config.companyLogo && (
                    <Button variant="subtle" color="red" onClick={() => set({ companyLogo: "" })}>
                      {t("Remove logo")}
                    </Button>
                  )}
                </Group>
                <Group grow wrap="wrap">
                  <ColorInput
                    label={t("Background")}
                    value={config.bgColor}
                    onChange={(v) => set({ bgColor: v })}
                    format="hex"
                    miw={140}
                  />
                  <ColorInput
                    label={t("Panel")}
                    value={config.panelBgColor}
                    onChange={(v) => set({ panelBgColor: v })}
                    format="hex"
                    miw={140}
                  />
                </Group>
                <Group grow wrap="wrap">
                  <ColorInput
                    label={t("Text")}
                    value={config.textColor}
                    onChange={(v) => set({ textColor: v })}
                    format="hex"
                    miw={140}
                  />
                  <ColorInput
                    label={t("Accent (button)")}
                    value={config.accentColor}
                    onChange={(v) => set({ accentColor: v })}
                    format="hex"
                    miw={140}
                  />
                </Group>
                <Textarea
                  label={t("Privacy policy")}
                  description={t("Shown on your privacy page after the standard messaging terms")}
                  autosize
                  minRows={3}
                  maxLength={5000}
                  value={config.privacyPolicy}
                  onChange={(e) => set({ privacyPolicy: e.currentTarget.value })}
                />
                <Switch
                  label={t(
                    "Double opt-in: text new subscribers to reply Y before they get marketing",
                  )}
                  checked={config.doubleOptIn}
                  onChange={(e) => set({ doubleOptIn: e.currentTarget.checked })}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="md" p="md">
              <Stack>
                <Title order={4}>{t("Fields")}</Title>
                <Text size="sm" c="dimmed">
                  {t(
                    "Drag to reorder. Tick Required or Hidden; unticking returns a field to shown.",
                  )}
                </Text>
                <SortableFields
                  rows={rows}
                  onReorder={(keys) => set({ elementOrder: keys })}
                  onStatus={setStatus}
                />
                <MultiSelect
                  label={t("Groups people can choose")}
                  placeholder={groups.data?.length ? t("Choose groups") : t("No groups yet")}
                  data={offeredGroups(groups.data, config.groupIds)}
                  value={config.groupIds.map(String)}
                  onChange={(v) => set({ groupIds: v.map(Number) })}
                  searchable
                  clearable
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}

      {mode === "preview" && (
        <Box p={{ base: "sm", sm: "xl" }} style={{ background: config.bgColor, borderRadius: 12 }}>
          <Group justify="center" mb="sm">
            <SegmentedControl
              size="xs"
              value={previewLang}
              onChange={(v) => setPreviewLang(v as SignupLang)}
              data={[
                { value: "en", label: "English" },
                { value: "es", label: "Español" },
              ]}
            />
          </Group>
          <Paper
            maw={560}
            mx="auto"
            radius="lg"
            p={{ base: "md", sm: "xl" }}
            style={{ background: config.panelBgColor }}
          >
            <I18nextProvider i18n={i18n}>
              <SignupForm
                key={previewLang}
                page={previewPage}
                lang={previewLang}
                locks={{ phone: null, lockedGroupIds: [], preselectedGroupIds: [] }}
                onSubmit={async () => {
                  notify.info(t("Preview: the form is filled in correctly. Nothing was sent."));
                  return null;
                }}
              />
            </I18nextProvider>
          </Paper>
        </Box>
      )}

      {mode === "live" && (
        <Paper withBorder radius="md" p={0} style={{ overflow: "hidden" }}>
          {editor.data.live ? (
            <iframe
              title={t("Live sign-up page")}
              src={publicPath}
              style={{ width: "100%", height: 760, border: 0, display: "block" }}
            />
          ) : (
            <Text p="lg" c="dimmed">
              {t('The page is closed. Turn on "Accepting sign-ups" and save to open it.')}
            </Text>
          )}
          <Group p="sm" justify="flex-end">
            <Button
              component="a"
              href={publicPath}
              target="_blank"
              variant="default"
              rightSection={<IconExternalLink size={14} />}
            >
              {t("Open in a new tab")}
            </Button>
          </Group>
        </Paper>
      )}
    </>
  );
}
