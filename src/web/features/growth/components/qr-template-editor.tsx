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
import { useTranslation } from "react-i18next";
import {
  QR_TEXTS,
  type QrTemplateResponse,
  qrTemplateInput,
  smsUri,
} from "../../../../domain/growth-tools";
import { translateMessage } from "../../../i18n";
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
  const { t } = useTranslation();
  const numbers = useNumberOptions();
  const save = useSaveQrTemplate();
  const tpl = props.template;
  const form = useForm<Values>({
    initialValues: {
      name: "",
      phoneNumberId: null,
      message: "",
      fgColor: "#1a1b1e",
      bgColor: "#ffffff",
      frameText: t("Scan me to join"),
      logo: null,
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!props.opened) return;
    form.setValues(
      tpl
        ? {
            name: tpl.name,
            phoneNumberId: tpl.phoneNumberId ? String(tpl.phoneNumberId) : null,
            message: tpl.message,
            fgColor: tpl.fgColor,
            bgColor: tpl.bgColor,
            frameText: tpl.frameText,
            logo: tpl.logo,
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
  const previewText = tpl?.scanUrl ?? (number ? smsUri(number, v.message) : "https://example.com");

  const readLogo = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES || !/^image\/(png|jpeg|svg\+xml)$/.test(file.type)) {
      form.setFieldError("logo", translateMessage(QR_TEXTS.logoTooBig));
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
        form.setFieldError(String(issue.path[0]), translateMessage(issue.message));
      return;
    }
    save.mutate(
      { id: tpl?.id ?? null, input: input.data },
      {
        onSuccess: () => {
          notify.success(tpl ? t("Template saved") : t("Template created"));
          props.onClose();
        },
      },
    );
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={tpl ? t("Edit QR code template") : t("New QR code template")}
      size="xl"
      fullScreen={typeof window !== "undefined" && window.innerWidth < 576}
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <TextInput label={t("Name")} withAsterisk {...form.getInputProps("name")} />
            <Select
              label={t("Number people text")}
              withAsterisk
              data={numbers.data ?? []}
              allowDeselect={false}
              {...form.getInputProps("phoneNumberId")}
            />
            <TextInput
              label={t("Message filled in")}
              description={t("Usually your keyword, e.g. JOIN")}
              withAsterisk
              {...form.getInputProps("message")}
            />
            <Group grow align="flex-start">
              <ColorInput label={t("Code colour")} {...form.getInputProps("fgColor")} />
              <ColorInput label={t("Background")} {...form.getInputProps("bgColor")} />
            </Group>
            <TextInput
              label={t("Frame text")}
              description={t("Printed under the code; leave empty for no frame")}
              {...form.getInputProps("frameText")}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t("Logo in the middle")}
              </Text>
              <Group gap="xs">
                <FileButton onChange={readLogo} accept="image/png,image/jpeg,image/svg+xml">
                  {(p) => (
                    <Button variant="default" size="xs" {...p}>
                      {v.logo ? t("Change logo") : t("Upload logo")}
                    </Button>
                  )}
                </FileButton>
                {v.logo && (
                  <>
                    <Image src={v.logo} alt={t("Logo")} h={28} w="auto" />
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => form.setFieldValue("logo", null)}
                    >
                      {t("Remove")}
                    </Button>
                  </>
                )}
              </Group>
              <Text size="xs" c={form.errors.logo ? "red" : "dimmed"}>
                {form.errors.logo ?? t("PNG, JPEG or SVG, under 150 KB")}
              </Text>
            </Stack>
          </Stack>
          <Stack align="center" gap="xs">
            <QrPreview
              text={previewText}
              style={style}
              fileName="qr-preview"
              alt={t("Preview of the QR code")}
              size={260}
            />
            <Text size="xs" c="dimmed" ta="center">
              {tpl
                ? t("The code opens a Parley link that counts the scan, then the messaging app.")
                : t("After saving, the code holds a Parley link that counts each scan.")}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={props.onClose}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {tpl ? t("Save template") : t("Create template")}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
