import {
  Anchor,
  Button,
  Checkbox,
  ColorInput,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { offeredGroups } from "../../../../domain/group-choices";
import {
  DEFAULT_OPTIN_FORM,
  type OptinBlock,
  type OptinFormInput,
} from "../../../../domain/optin-forms";
import { PageHeader } from "../../../components/page-header";
import { tk } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useOptinForms, useSaveOptinForm } from "../api/optin-forms";
import { useGroupOptions, useNumberOptions } from "../api/pickers";

/** The optional fields; their labels are in English as the popup itself shows them (embed.js). */
const OPTIONAL = [
  { key: "firstName", label: tk("First name") },
  { key: "lastName", label: tk("Last name") },
  { key: "email", label: tk("Email") },
] as const;

function textOf(blocks: OptinBlock[], type: "heading" | "text" | "button" | "consent") {
  const b = blocks.find((x) => x.type === type);
  return b && "text" in b ? b.text : "";
}

/** /optins/opt-in-forms/create and /details/:section (the form's id): the popup's builder. */
export default function OptinFormEditor() {
  const { t } = useTranslation();
  const { section } = useParams();
  const navigate = useNavigate();
  const id = section && /^\d+$/.test(section) ? Number(section) : null;
  const list = useOptinForms();
  const save = useSaveOptinForm();
  const numbers = useNumberOptions();
  const groups = useGroupOptions();
  const [form, setForm] = useState<OptinFormInput | null>(id === null ? DEFAULT_OPTIN_FORM : null);
  const existing = id !== null ? list.data?.forms.find((f) => f.id === id) : undefined;

  useEffect(() => {
    if (existing && form === null) {
      const {
        id: _i,
        views: _v,
        submissions: _s,
        confirmations: _c,
        createdAt: _d,
        ...input
      } = existing;
      setForm(input);
    }
  }, [existing, form]);

  if (id !== null && list.isPending) return <Skeleton h={400} />;
  if (id !== null && !existing)
    return (
      <Text>
        {t("This opt-in form does not exist.")}{" "}
        <Anchor component={Link} inherit to="/optins/opt-in-forms">
          {t("Back to opt-in forms")}
        </Anchor>
      </Text>
    );
  if (!form) return <Skeleton h={400} />;

  const blocks = form.blocks;
  const fieldsBlock = blocks.find((b) => b.type === "fields");
  const fields = fieldsBlock && fieldsBlock.type === "fields" ? fieldsBlock.fields : ["phone"];
  const setBlocks = (patch: {
    heading?: string;
    text?: string;
    button?: string;
    consent?: string;
    fields?: string[];
  }) => {
    const next = {
      heading: patch.heading ?? textOf(blocks, "heading"),
      text: patch.text ?? textOf(blocks, "text"),
      button: patch.button ?? textOf(blocks, "button"),
      consent: patch.consent ?? textOf(blocks, "consent"),
      fields: (patch.fields ?? fields) as ("phone" | "firstName" | "lastName" | "email")[],
    };
    const image = blocks.filter((b) => b.type === "image");
    const out: OptinBlock[] = [
      ...image,
      { type: "heading", text: next.heading },
      ...(next.text ? [{ type: "text" as const, text: next.text }] : []),
      { type: "fields", fields: next.fields, required: ["phone"] },
      { type: "button", text: next.button },
      { type: "consent", text: next.consent },
    ];
    setForm({ ...form, blocks: out });
  };
  const display = form.display;
  const setDisplay = (patch: Partial<OptinFormInput["display"]>) =>
    setForm({ ...form, display: { ...display, ...patch } });
  const setContainer = (patch: Partial<OptinFormInput["container"]>) =>
    setForm({ ...form, container: { ...form.container, ...patch } });

  const submit = () =>
    save.mutate(
      { id, input: form },
      {
        onSuccess: () => {
          notify.success(id ? t("Opt-in form saved") : t("Opt-in form created"));
          navigate("/optins/opt-in-forms");
        },
      },
    );

  const c = form.container;
  return (
    <>
      <PageHeader
        title={id ? t("Edit {{name}}", { name: form.name }) : t("Create Opt-In Form")}
        actions={
          <>
            <Button variant="default" component={Link} to="/optins/opt-in-forms">
              {t("Cancel")}
            </Button>
            <Button
              onClick={submit}
              loading={save.isPending}
              disabled={
                !form.name.trim() ||
                !textOf(blocks, "heading").trim() ||
                !textOf(blocks, "button").trim() ||
                !textOf(blocks, "consent").trim()
              }
            >
              {id ? t("Save form") : t("Create form")}
            </Button>
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              <Stack>
                <Title order={4}>{t("Content")}</Title>
                <TextInput
                  label={t("Form name")}
                  required
                  value={form.name}
                  maxLength={100}
                  onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
                />
                <TextInput
                  label={t("Heading")}
                  required
                  value={textOf(blocks, "heading")}
                  maxLength={200}
                  onChange={(e) => setBlocks({ heading: e.currentTarget.value })}
                />
                <Textarea
                  label={t("Text")}
                  autosize
                  minRows={2}
                  maxLength={1000}
                  value={textOf(blocks, "text")}
                  onChange={(e) => setBlocks({ text: e.currentTarget.value })}
                />
                <Group>
                  <Checkbox label={t("Phone number (always)")} checked disabled />
                  {OPTIONAL.map((o) => (
                    <Checkbox
                      key={o.key}
                      label={t(o.label)}
                      checked={fields.includes(o.key)}
                      onChange={(e) =>
                        setBlocks({
                          fields: e.currentTarget.checked
                            ? [...fields.filter((f) => f !== "phone"), o.key, "phone"]
                            : fields.filter((f) => f !== o.key),
                        })
                      }
                    />
                  ))}
                </Group>
                <TextInput
                  label={t("Button")}
                  required
                  value={textOf(blocks, "button")}
                  maxLength={60}
                  onChange={(e) => setBlocks({ button: e.currentTarget.value })}
                />
                <Textarea
                  label={t("Consent text")}
                  required
                  autosize
                  minRows={3}
                  maxLength={1000}
                  value={textOf(blocks, "consent")}
                  onChange={(e) => setBlocks({ consent: e.currentTarget.value })}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack>
                <Title order={4}>{t("When it shows")}</Title>
                <SegmentedControl
                  value={display.trigger}
                  onChange={(v) => setDisplay({ trigger: v as "delay" | "scroll" | "exit" })}
                  data={[
                    { value: "delay", label: t("After a delay") },
                    { value: "scroll", label: t("On scroll") },
                    { value: "exit", label: t("Exit intent") },
                  ]}
                />
                {display.trigger === "delay" && (
                  <NumberInput
                    label={t("Delay (seconds)")}
                    min={0}
                    max={600}
                    value={display.delaySeconds}
                    onChange={(v) => setDisplay({ delaySeconds: Number(v) || 0 })}
                    w={200}
                  />
                )}
                {display.trigger === "scroll" && (
                  <NumberInput
                    label={t("Scrolled (%)")}
                    min={1}
                    max={100}
                    value={display.scrollPercent}
                    onChange={(v) => setDisplay({ scrollPercent: Math.max(1, Number(v) || 1) })}
                    w={200}
                  />
                )}
                <Group align="flex-end" wrap="wrap">
                  <Select
                    label={t("Pages")}
                    value={display.urlMode}
                    allowDeselect={false}
                    onChange={(v) =>
                      setDisplay({ urlMode: (v ?? "all") as "all" | "contains" | "not_contains" })
                    }
                    data={[
                      { value: "all", label: t("Every page") },
                      { value: "contains", label: t("Address contains") },
                      { value: "not_contains", label: t("Address does not contain") },
                    ]}
                    w={240}
                  />
                  {display.urlMode !== "all" && (
                    <TextInput
                      label={t("Text in the address")}
                      value={display.urlValue}
                      maxLength={500}
                      onChange={(e) => setDisplay({ urlValue: e.currentTarget.value })}
                    />
                  )}
                </Group>
                <NumberInput
                  label={t("Show again after (days)")}
                  description={t("After a visitor closes it; 0 shows it on every visit")}
                  min={0}
                  max={365}
                  value={display.frequencyDays}
                  onChange={(v) => setDisplay({ frequencyDays: Number(v) || 0 })}
                  w={260}
                />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              <Stack>
                <Title order={4}>{t("Style and list")}</Title>
                <Group grow wrap="wrap">
                  <ColorInput
                    label={t("Background")}
                    format="hex"
                    value={c.bgColor}
                    onChange={(v) => setContainer({ bgColor: v })}
                    miw={130}
                  />
                  <ColorInput
                    label={t("Text")}
                    format="hex"
                    value={c.textColor}
                    onChange={(v) => setContainer({ textColor: v })}
                    miw={130}
                  />
                </Group>
                <ColorInput
                  label={t("Button")}
                  format="hex"
                  value={c.accentColor}
                  onChange={(v) => setContainer({ accentColor: v })}
                />
                <Checkbox
                  label={t("Dim the page behind it")}
                  checked={c.overlay}
                  onChange={(e) => setContainer({ overlay: e.currentTarget.checked })}
                />
                <Select
                  label={t("Texts the code from")}
                  data={[{ value: "", label: t("Your main number") }, ...(numbers.data ?? [])]}
                  value={form.phoneNumberId === null ? "" : String(form.phoneNumberId)}
                  onChange={(v) => setForm({ ...form, phoneNumberId: v ? Number(v) : null })}
                  allowDeselect={false}
                />
                <MultiSelect
                  label={t("Add to groups")}
                  data={offeredGroups(groups.data, form.groupIds)}
                  value={form.groupIds.map(String)}
                  onChange={(v) => setForm({ ...form, groupIds: v.map(Number) })}
                  placeholder={groups.data?.length ? t("Choose groups") : t("No groups yet")}
                  clearable
                />
              </Stack>
            </Paper>
            <Paper
              radius={c.borderRadius}
              p="lg"
              shadow="md"
              style={{ background: c.bgColor, color: c.textColor }}
              data-testid="optin-preview"
            >
              <Stack gap="xs">
                <Text fw={700} fz={20}>
                  {textOf(blocks, "heading")}
                </Text>
                {textOf(blocks, "text") && <Text size="sm">{textOf(blocks, "text")}</Text>}
                {fields.map((f) => (
                  <TextInput
                    key={f}
                    // The popup's own words, in English as embed.js shows them.
                    label={
                      f === "phone" ? "Phone number" : OPTIONAL.find((o) => o.key === f)?.label
                    }
                    readOnly
                  />
                ))}
                <Button color={c.accentColor} fullWidth>
                  {textOf(blocks, "button")}
                </Button>
                <Text size="xs" opacity={0.75}>
                  {textOf(blocks, "consent")}
                </Text>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
