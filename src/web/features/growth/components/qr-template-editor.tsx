import {
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useMemo } from "react";
import {
  QR_TEXTS,
  type QrTemplateResponse,
  qrTemplateInput,
  smsUri,
} from "../../../../domain/growth-tools";
import { notify } from "../../../lib/notify";
import { useSaveQrTemplate } from "../api/growth-tools";
import { useNumberOptions } from "../api/pickers";
import { QrPreview } from "./qr-preview";

const MAX_LOGO_BYTES = 150_000;

interface Values {
  name: string;
  phoneNumberId: string | null;
  message: string;
  fgColor: string;
  bgColor: string;
  frameText: string;
  logo: string | null;
}

/** Create or edit a QR code template, with the code redrawn as you type. */
export function QrTemplateEditor(props: {
  opened: boolean;
  template: QrTemplateResponse | null;
  onClose: () => void;
}) {
  const numbers = useNumberOptions();
  const save = useSaveQrTemplate();
  const t = props.template;
  const form = useForm<Values>({
    initialValues: {
      name: "",
      phoneNumberId: null,
      message: "",
      fgColor: "#1a1b1e",
      bgColor: "#ffffff",
      frameText: "Scan me to join",
      logo: null,
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!props.opened) return;
    form.setValues(
      t
        ? {
            name: t.name,
            phoneNumberId: t.phoneNumberId ? String(t.phoneNumberId) : null,
            message: t.message,
            fgColor: t.fgColor,
            bgColor: t.bgColor,
            frameText: t.frameText,
            logo: t.logo,
          }
        : { ...form.values, phoneNumberId: numbers.data?.[0]?.value ?? null },
    );
    form.resetDirty();
    form.clearErrors();
  }, [props.opened]);

  // A new template texts the first number once the numbers have loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the numbers arrive
  useEffect(() => {
    if (props.opened && !form.values.phoneNumberId && numbers.data?.[0])
      form.setFieldValue("phoneNumberId", numbers.data[0].value);
  }, [numbers.data, props.opened]);

  const v = form.values;
  const style = useMemo(
    () => ({ fgColor: v.fgColor, bgColor: v.bgColor, logo: v.logo, frameText: v.frameText }),
    [v.fgColor, v.bgColor, v.logo, v.frameText],
  );
  const number = numbers.data?.find((n) => n.value === v.phoneNumberId)?.number;
  // The preview shows what the printed code holds: the scan-counting link once saved.
  const previewText = t?.scanUrl ?? (number ? smsUri(number, v.message) : "https://example.com");

  const readLogo = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES || !/^image\/(png|jpeg|svg\+xml)$/.test(file.type)) {
      form.setFieldError("logo", QR_TEXTS.logoTooBig);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => form.setFieldValue("logo", String(reader.result));
    reader.readAsDataURL(file);
  };

  // The form keeps the number as the Select's string; the domain schema checks the rest.
  const submit = form.onSubmit((values) => {
    const input = qrTemplateInput.safeParse({
      ...values,
      phoneNumberId: values.phoneNumberId ? Number(values.phoneNumberId) : undefined,
    });
    if (!input.success) {
      for (const issue of input.error.issues)
        form.setFieldError(String(issue.path[0]), issue.message);
      return;
    }
    save.mutate(
      { id: t?.id ?? null, input: input.data },
      {
        onSuccess: () => {
          notify.success(t ? "Template saved" : "Template created");
          props.onClose();
        },
      },
    );
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t ? "Edit QR code template" : "New QR code template"}
      size="xl"
      fullScreen={typeof window !== "undefined" && window.innerWidth < 576}
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput label="Name" withAsterisk {...form.getInputProps("name")} />
            <Select
              label="Number people text"
              withAsterisk
              data={numbers.data ?? []}
              allowDeselect={false}
              {...form.getInputProps("phoneNumberId")}
            />
            <TextInput
              label="Message filled in"
              description="Usually your keyword, e.g. JOIN"
              withAsterisk
              {...form.getInputProps("message")}
            />
            <Group grow align="flex-start">
              <ColorInput label="Code colour" {...form.getInputProps("fgColor")} />
              <ColorInput label="Background" {...form.getInputProps("bgColor")} />
            </Group>
            <TextInput
              label="Frame text"
              description="Printed under the code; leave empty for no frame"
              {...form.getInputProps("frameText")}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Logo in the middle
              </Text>
              <Group gap="xs">
                <FileButton onChange={readLogo} accept="image/png,image/jpeg,image/svg+xml">
                  {(p) => (
                    <Button variant="default" size="xs" {...p}>
                      {v.logo ? "Change logo" : "Upload logo"}
                    </Button>
                  )}
                </FileButton>
                {v.logo && (
                  <>
                    <Image src={v.logo} alt="Logo" h={28} w="auto" />
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => form.setFieldValue("logo", null)}
                    >
                      Remove
                    </Button>
                  </>
                )}
              </Group>
              <Text size="xs" c={form.errors.logo ? "red" : "dimmed"}>
                {form.errors.logo ?? "PNG, JPEG or SVG, under 150 KB"}
              </Text>
            </Stack>
          </Stack>
          <Stack align="center" gap="xs">
            <QrPreview
              text={previewText}
              style={style}
              fileName="qr-preview"
              alt="Preview of the QR code"
              size={260}
            />
            <Text size="xs" c="dimmed" ta="center">
              {t
                ? "The code opens a Parley link that counts the scan, then the messaging app."
                : "After saving, the code holds a Parley link that counts each scan."}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t ? "Save template" : "Create template"}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
