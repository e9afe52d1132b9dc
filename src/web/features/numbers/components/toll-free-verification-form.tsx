import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { tollFreeVerificationRequest } from "../../../../domain/numbers.schemas";
import { notify } from "../../../lib/notify";
import { RegistryNotice, useRealRegistry } from "../../registrations/components/registry-notice";
import {
  type TollFreeVerification,
  useSubmitTollFreeVerification,
} from "../api/submit-toll-free-verification";
import { focusFirstError } from "./focus-first-error";

const VOLUMES: { value: TollFreeVerification["monthlyVolume"]; label: string }[] = [
  { value: "10", label: "Up to 10 messages a month" },
  { value: "100", label: "Up to 100 messages a month" },
  { value: "1000", label: "Up to 1,000 messages a month" },
  { value: "10000", label: "Up to 10,000 messages a month" },
  { value: "100000", label: "Up to 100,000 messages a month" },
  { value: "250000", label: "Up to 250,000 messages a month" },
];

/** The carrier's toll-free verification questionnaire; messages come from the domain schema. */
export function TollFreeVerificationForm(props: {
  numberId: number;
  defaults: { businessName: string; contactEmail: string };
}) {
  const submit = useSubmitTollFreeVerification(props.numberId);
  const real = useRealRegistry();
  const form = useForm<TollFreeVerification>({
    mode: "controlled",
    initialValues: {
      businessName: props.defaults.businessName,
      website: "",
      contactEmail: props.defaults.contactEmail,
      contactPhone: "",
      useCase: "",
      sampleMessage: "",
      optInDescription: "",
      monthlyVolume: "1000",
      contactName: "",
      optInImageUrl: "",
    },
    validate: schemaResolver(tollFreeVerificationRequest, { sync: true }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          submit.mutate(tollFreeVerificationRequest.parse(values), {
            onSuccess: () => notify.success("Verification submitted for review"),
          }),
        focusFirstError,
      )}
    >
      <RegistryNotice kind="toll_free" />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Business name" withAsterisk {...form.getInputProps("businessName")} />
          <TextInput
            label="Website"
            placeholder="https://example.com"
            withAsterisk
            {...form.getInputProps("website")}
          />
          <TextInput
            label="Contact e-mail"
            type="email"
            withAsterisk
            {...form.getInputProps("contactEmail")}
          />
          <TextInput
            label="Contact phone"
            type="tel"
            placeholder="(415) 555-0123"
            withAsterisk
            {...form.getInputProps("contactPhone")}
          />
          <TextInput
            label="Use case"
            placeholder="e.g. Order updates and weekly offers"
            withAsterisk
            {...form.getInputProps("useCase")}
          />
          <Select
            label="Monthly volume"
            data={VOLUMES}
            allowDeselect={false}
            withAsterisk
            {...form.getInputProps("monthlyVolume")}
          />
          {real && (
            <TextInput
              label="Contact name"
              description="First and last name of the person the carrier may contact"
              withAsterisk
              autoComplete="name"
              {...form.getInputProps("contactName")}
            />
          )}
        </SimpleGrid>
        <Textarea
          label="Sample message"
          description="A real message you will send, with your business name and opt-out wording"
          placeholder="Bean There: your order is ready for pickup! Reply STOP to opt out."
          autosize
          minRows={2}
          withAsterisk
          {...form.getInputProps("sampleMessage")}
        />
        <Textarea
          label="How subscribers opt in"
          description="Where and how people agree to get your texts (keyword, web form, checkout box…)"
          autosize
          minRows={2}
          withAsterisk
          {...form.getInputProps("optInDescription")}
        />
        {real && (
          <TextInput
            label="Picture of the opt-in"
            description="A public link to a screenshot or photo of where people opt in (form, sign, checkout box)"
            placeholder="https://example.com/opt-in.png"
            withAsterisk
            {...form.getInputProps("optInImageUrl")}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending}>
            Submit verification
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
