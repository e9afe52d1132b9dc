import { Button, Group, Stack, Textarea } from "@mantine/core";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";

/** The prompt of an AI dialog: a growing text box and its Submit button. */
export function AiPromptForm(props: {
  label: string;
  placeholder: string;
  maxRows: number;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  error: string | null;
  onSubmit: () => void;
  submitDisabled: boolean;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label={props.label}
          placeholder={props.placeholder}
          autosize
          minRows={2}
          maxRows={props.maxRows}
          value={props.prompt}
          onChange={(e) => props.onPromptChange(e.currentTarget.value)}
          error={props.error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={props.submitDisabled} loading={props.loading}>
            {t("Submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
