import { Alert, Button, Paper, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { contactRequest, HELP_TEXTS } from "../../../../domain/help.schemas";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { useContactSupport } from "../api/help";

/** /help/contact-us: a message to support by e-mail, with the account attached. */
export default function ContactUsPage() {
  const { t } = useTranslation();
  const send = useContactSupport();
  const form = useForm({
    initialValues: { subject: "", message: "" },
    validate: schemaResolver(contactRequest, { sync: true }),
  });
  // The schema's messages are English data of src/domain, shown in the active language.
  const errorOf = (field: "subject" | "message") => {
    const e = form.errors[field];
    return typeof e === "string" ? translateMessage(e) : e;
  };
  return (
    <Stack gap="md" maw={640}>
      <PageHeader
        title={t("Contact Us")}
        description={t(
          "Write to our support team. Your account details are attached so we can help right away.",
        )}
      />
      {send.isSuccess && (
        <Alert color="teal" data-testid="contact-sent">
          {translateMessage(HELP_TEXTS.sent)}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <form
          onSubmit={form.onSubmit((values) =>
            send.mutate(values, { onSuccess: () => form.reset() }),
          )}
        >
          <Stack gap="sm">
            <TextInput
              label={t("Subject")}
              withAsterisk
              {...form.getInputProps("subject")}
              error={errorOf("subject")}
            />
            <Textarea
              label={t("Message")}
              withAsterisk
              autosize
              minRows={6}
              {...form.getInputProps("message")}
              error={errorOf("message")}
            />
            <Button type="submit" loading={send.isPending} w="fit-content">
              {t("Send message")}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
