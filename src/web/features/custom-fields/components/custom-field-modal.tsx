import {
  Button,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
} from "../../../../domain/custom-fields.schemas";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useCreateCustomField } from "../api/create-custom-field";
import { useUpdateCustomField } from "../api/update-custom-field";
import { AddressHint } from "./address-hint";
import {
  type FieldFormValues,
  toCreateRequest,
  toUpdateRequest,
  validateField,
} from "./field-form";
import { FIELD_TYPES } from "./field-types";
import { OptionsEditor, optionRow } from "./options-editor";

const EMPTY: FieldFormValues = { name: "", type: "string", options: [] };

/** Create a custom field, or edit one (its name, and a multi-select's options; never its type). */
export function CustomFieldModal(props: {
  opened: boolean;
  editing: CustomField | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { opened, editing, onClose } = props;
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const [draft, setDraft] = useState("");
  const form = useForm<FieldFormValues>({
    mode: "controlled",
    initialValues: EMPTY,
    // Checked on Save (not on blur: opening the modal and picking a type is not a mistake).
    validate: (values) => validateField(values, editing),
  });

  // Fill the form each time the modal opens (for a new field, or the one being edited).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only on open / target change
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      editing
        ? { name: editing.name, type: editing.type, options: editing.options.map(optionRow) }
        : EMPTY,
    );
    form.resetDirty();
    form.clearErrors();
    setDraft("");
  }, [opened, editing]);

  const submit = form.onSubmit(async () => {
    // An option still in the add box is taken along, as a person expects.
    let values = form.getValues();
    const pending = draft.trim();
    if (values.type === "multi_select" && pending) {
      const known = values.options.some(
        (o) => o.value.trim().toLowerCase() === pending.toLowerCase(),
      );
      if (!known) values = { ...values, options: [...values.options, optionRow(pending)] };
      form.setValues(values);
      setDraft("");
      const errors = validateField(values, editing);
      if (Object.keys(errors).length) return form.setErrors(errors);
    }
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input: toUpdateRequest(values, editing) });
        notify.success(t("Attribute '{{name}}' saved", { name: values.name.trim() }));
      } else {
        await create.mutateAsync(toCreateRequest(values));
        notify.success(t("Attribute '{{name}}' created", { name: values.name.trim() }));
      }
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.extra.fields && Object.keys(err.extra.fields).length)
        form.setErrors(translateFields(err.extra.fields));
      else if (err.code === "CONFLICT") form.setFieldError("name", translateMessage(err.message));
      else if (!err.extra.silent) notify.error(translateMessage(err.message));
    }
  });

  const type = form.getValues().type;
  const saving = create.isPending || update.isPending;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t("Edit attribute") : t("New attribute")}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("Name")}
            placeholder={t("e.g. Favorite Drink")}
            withAsterisk
            data-autofocus
            maxLength={80}
            {...form.getInputProps("name")}
          />
          <Radio.Group
            label={t("Type")}
            description={
              editing
                ? t(
                    "The type cannot change once created: values already stored would no longer fit.",
                  )
                : undefined
            }
            withAsterisk
            value={type}
            onChange={(v) => {
              form.setFieldValue("type", v as CustomFieldType);
              form.clearFieldError("options");
            }}
            error={form.errors.type}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
              {CUSTOM_FIELD_TYPES.map((ty) => (
                <TypeCard key={ty} type={ty} disabled={!!editing && editing.type !== ty} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          {type === "multi_select" && (
            <OptionsEditor form={form} draft={draft} onDraftChange={setDraft} />
          )}
          {type === "multi_select" && editing && (
            <Text size="xs" c="dimmed">
              {t(
                "Renaming or removing an option leaves the values subscribers already hold as they are.",
              )}
            </Text>
          )}
          {type === "address" && <AddressHint />}
          {type === "date" && (
            <Text size="sm" c="dimmed">
              {t("Dates are typed as MM/DD/YYYY and reach back to 01/01/1900, so birthdays fit.")}
            </Text>
          )}
          {type === "boolean" && (
            <Text size="sm" c="dimmed">
              {t("Holds true or false. Imports also read yes / no, y / n and 1 / 0.")}
            </Text>
          )}
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? t("Save") : t("Create attribute")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TypeCard({ type, disabled }: { type: CustomFieldType; disabled: boolean }) {
  const { t } = useTranslation();
  const info = FIELD_TYPES[type];
  return (
    <Radio.Card
      value={type}
      disabled={disabled}
      radius="md"
      p="sm"
      style={{ opacity: disabled ? 0.45 : 1, display: "flex", alignItems: "flex-start" }}
      aria-label={t(info.label)}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Radio.Indicator />
        <ThemeIcon variant="light" color={info.color} size={28}>
          {info.icon(16)}
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t(info.label)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(info.description)}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
