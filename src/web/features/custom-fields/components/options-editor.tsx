import { ActionIcon, Button, Group, Input, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../i18n";
import type { FieldFormValues } from "./field-form";

export const MAX_OPTIONS = 200;

let nextKey = 0;
/** Rows carry a key of their own so inputs keep focus and state while the list is reordered. */
export function optionRow(value: string) {
  nextKey += 1;
  return { key: `o${nextKey}`, value };
}

/**
 * The choices of a multi-select field: type one and press Enter (or Add), edit in place, move up
 * and down (the order subscribers and filters show them in), remove. `draft` is the text typed in
 * the add box, kept by the form so Save can take it along.
 */
export function OptionsEditor(props: {
  form: UseFormReturnType<FieldFormValues>;
  draft: string;
  onDraftChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const { form, draft, onDraftChange } = props;
  const options = form.getValues().options;
  const [draftError, setDraftError] = useState<string | null>(null);
  const lower = options.map((o) => o.value.trim().toLowerCase());
  const isRepeated = (i: number) => lower[i] !== "" && lower.indexOf(lower[i]!) !== i;

  const add = () => {
    const value = draft.trim();
    if (!value) return setDraftError(t("Options cannot be empty"));
    if (value.length > 100) return setDraftError(t("Options are at most 100 characters"));
    if (lower.includes(value.toLowerCase())) {
      return setDraftError(t("Option '{{value}}' is listed twice", { value }));
    }
    form.insertListItem("options", optionRow(value));
    form.clearFieldError("options");
    onDraftChange("");
    setDraftError(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };

  return (
    <Input.Wrapper
      label={t("Options")}
      description={t("Subscribers can hold any number of these. Press Enter to add each one.")}
      error={form.errors.options}
      withAsterisk
    >
      <Stack gap={6} mt={6} data-testid="options-editor">
        {options.map((o, i) => (
          <Group key={o.key} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              aria-label={t("Option {{n}}", { n: i + 1 })}
              {...form.getInputProps(`options.${i}.value`)}
              error={
                form.errors[`options.${i}.value`] ?? (isRepeated(i) ? t("Listed twice") : undefined)
              }
            />
            <Tooltip label={t("Move up")} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                disabled={i === 0}
                onClick={() => form.reorderListItem("options", { from: i, to: i - 1 })}
                aria-label={t("Move {{option}} up", {
                  option: o.value || t("option {{n}}", { n: i + 1 }),
                })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("Move down")} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                disabled={i === options.length - 1}
                onClick={() => form.reorderListItem("options", { from: i, to: i + 1 })}
                aria-label={t("Move {{option}} down", {
                  option: o.value || t("option {{n}}", { n: i + 1 }),
                })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("Remove")} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                size={36}
                onClick={() => form.removeListItem("options", i)}
                aria-label={t("Remove {{option}}", {
                  option: o.value || t("option {{n}}", { n: i + 1 }),
                })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {options.length < MAX_OPTIONS ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              placeholder={options.length ? t("Add another option") : t("e.g. Latte")}
              aria-label={t("New option")}
              value={draft}
              onChange={(e) => {
                onDraftChange(e.currentTarget.value);
                setDraftError(null);
              }}
              onKeyDown={onKey}
              error={draftError}
              maxLength={100}
            />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={add}
              h={36}
              aria-label={t("Add option")}
            >
              {t("Add")}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t("A field has at most {{n}} options.", { n: MAX_OPTIONS })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t("{{n}} options", { count: options.length, n: formatNumber(options.length) })}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
