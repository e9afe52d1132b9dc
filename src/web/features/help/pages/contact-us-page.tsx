import { Alert, Button, Paper, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { contactRequest, HELP_TEXTS } from "../../../../domain/help.schemas";
import { PageHeader } from "../../../components/page-header";
import { useContactSupport } from "../api/help";

/** /help/contact-us: a message to support by e-mail, with the account attached. */
export default function ContactUsPage() {
  const send = useContactSupport();
  const form = useForm({
    initialValues: { subject: "", message: "" },
    validate: schemaResolver(contactRequest, { sync: true }),
  });
  return (
    <Stack gap="md" maw={640}>
      <PageHeader
        title="Contact Us"
        description="Write to our support team. Your account details are attached so we can help right away."
      />
      {send.isSuccess && (
        <Alert color="teal" data-testid="contact-sent">
          {HELP_TEXTS.sent}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <form
          onSubmit={form.onSubmit((values) =>
            send.mutate(values, { onSuccess: () => form.reset() }),
          )}
        >
          <Stack gap="sm">
            <TextInput label="Subject" withAsterisk {...form.getInputProps("subject")} />
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={6}
              {...form.getInputProps("message")}
            />
            <Button type="submit" loading={send.isPending} w="fit-content">
              Send message
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
