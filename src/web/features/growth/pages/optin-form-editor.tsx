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
import { Link, useNavigate, useParams } from "react-router";
import { offeredGroups } from "../../../../domain/group-choices";
import {
  DEFAULT_OPTIN_FORM,
  type OptinBlock,
  type OptinFormInput,
} from "../../../../domain/optin-forms";
import { PageHeader } from "../../../components/page-header";
import { notify } from "../../../lib/notify";
import { useOptinForms, useSaveOptinForm } from "../api/optin-forms";
import { useGroupOptions, useNumberOptions } from "../api/pickers";

const OPTIONAL = [
  { key: "firstName", label: "First name" },
  { key: "lastName", label: "Last name" },
  { key: "email", label: "Email" },
] as const;

function textOf(blocks: OptinBlock[], type: "heading" | "text" | "button" | "consent") {
  const b = blocks.find((x) => x.type === type);
  return b && "text" in b ? b.text : "";
}

/** /optins/opt-in-forms/create and /details/:section (the form's id): the popup's builder. */
export default function OptinFormEditor() {
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
        This opt-in form does not exist.{" "}
        <Anchor component={Link} inherit to="/optins/opt-in-forms">
          Back to opt-in forms
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
          notify.success(id ? "Opt-in form saved" : "Opt-in form created");
          navigate("/optins/opt-in-forms");
        },
      },
    );

  const c = form.container;
  return (
    <>
      <PageHeader
        title={id ? `Edit ${form.name}` : "Create Opt-In Form"}
        actions={
          <>
            <Button variant="default" component={Link} to="/optins/opt-in-forms">
              Cancel
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
              {id ? "Save form" : "Create form"}
            </Button>
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              <Stack>
                <Title order={4}>Content</Title>
                <TextInput
                  label="Form name"
                  required
                  value={form.name}
                  maxLength={100}
                  onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
                />
                <TextInput
                  label="Heading"
                  required
                  value={textOf(blocks, "heading")}
                  maxLength={200}
                  onChange={(e) => setBlocks({ heading: e.currentTarget.value })}
                />
                <Textarea
                  label="Text"
                  autosize
                  minRows={2}
                  maxLength={1000}
                  value={textOf(blocks, "text")}
                  onChange={(e) => setBlocks({ text: e.currentTarget.value })}
                />
                <Group>
                  <Checkbox label="Phone number (always)" checked disabled />
                  {OPTIONAL.map((o) => (
                    <Checkbox
                      key={o.key}
                      label={o.label}
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
                  label="Button"
                  required
                  value={textOf(blocks, "button")}
                  maxLength={60}
                  onChange={(e) => setBlocks({ button: e.currentTarget.value })}
                />
                <Textarea
                  label="Consent text"
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
                <Title order={4}>When it shows</Title>
                <SegmentedControl
                  value={display.trigger}
                  onChange={(v) => setDisplay({ trigger: v as "delay" | "scroll" | "exit" })}
                  data={[
                    { value: "delay", label: "After a delay" },
                    { value: "scroll", label: "On scroll" },
                    { value: "exit", label: "Exit intent" },
                  ]}
                />
                {display.trigger === "delay" && (
                  <NumberInput
                    label="Delay (seconds)"
                    min={0}
                    max={600}
                    value={display.delaySeconds}
                    onChange={(v) => setDisplay({ delaySeconds: Number(v) || 0 })}
                    w={200}
                  />
                )}
                {display.trigger === "scroll" && (
                  <NumberInput
                    label="Scrolled (%)"
                    min={1}
                    max={100}
                    value={display.scrollPercent}
                    onChange={(v) => setDisplay({ scrollPercent: Math.max(1, Number(v) || 1) })}
                    w={200}
                  />
                )}
                <Group align="flex-end" wrap="wrap">
                  <Select
                    label="Pages"
                    value={display.urlMode}
                    allowDeselect={false}
                    onChange={(v) =>
                      setDisplay({ urlMode: (v ?? "all") as "all" | "contains" | "not_contains" })
                    }
                    data={[
                      { value: "all", label: "Every page" },
                      { value: "contains", label: "Address contains" },
                      { value: "not_contains", label: "Address does not contain" },
                    ]}
                    w={240}
                  />
                  {display.urlMode !== "all" && (
                    <TextInput
                      label="Text in the address"
                      value={display.urlValue}
                      maxLength={500}
                      onChange={(e) => setDisplay({ urlValue: e.currentTarget.value })}
                    />
                  )}
                </Group>
                <NumberInput
                  label="Show again after (days)"
                  description="After a visitor closes it; 0 shows it on every visit"
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
                <Title order={4}>Style and list</Title>
                <Group grow wrap="wrap">
                  <ColorInput
                    label="Background"
                    format="hex"
                    value={c.bgColor}
                    onChange={(v) => setContainer({ bgColor: v })}
                    miw={130}
                  />
                  <ColorInput
                    label="Text"
                    format="hex"
                    value={c.textColor}
                    onChange={(v) => setContainer({ textColor: v })}
                    miw={130}
                  />
                </Group>
                <ColorInput
                  label="Button"
                  format="hex"
                  value={c.accentColor}
                  onChange={(v) => setContainer({ accentColor: v })}
                />
                <Checkbox
                  label="Dim the page behind it"
                  checked={c.overlay}
                  onChange={(e) => setContainer({ overlay: e.currentTarget.checked })}
                />
                <Select
                  label="Texts the code from"
                  data={[{ value: "", label: "Your main number" }, ...(numbers.data ?? [])]}
                  value={form.phoneNumberId === null ? "" : String(form.phoneNumberId)}
                  onChange={(v) => setForm({ ...form, phoneNumberId: v ? Number(v) : null })}
                  allowDeselect={false}
                />
                <MultiSelect
                  label="Add to groups"
                  data={offeredGroups(groups.data, form.groupIds)}
                  value={form.groupIds.map(String)}
                  onChange={(v) => setForm({ ...form, groupIds: v.map(Number) })}
                  placeholder={groups.data?.length ? "Choose groups" : "No groups yet"}
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
