import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { tollFreeVerificationRequest } from "../../../../domain/numbers.schemas";
import { tk } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { RegistryNotice, useRealRegistry } from "../../registrations/components/registry-notice";
import {
  type TollFreeVerification,
  useSubmitTollFreeVerification,
} from "../api/submit-toll-free-verification";
import { focusFirstError } from "./focus-first-error";
import { withTranslatedError } from "./translated-error";

const VOLUMES: { value: TollFreeVerification["monthlyVolume"]; label: string }[] = [
  { value: "10", label: tk("Up to 10 messages a month") },
  { value: "100", label: tk("Up to 100 messages a month") },
  { value: "1000", label: tk("Up to 1,000 messages a month") },
  { value: "10000", label: tk("Up to 10,000 messages a month") },
  { value: "100000", label: tk("Up to 100,000 messages a month") },
  { value: "250000", label: tk("Up to 250,000 messages a month") },
];

/** The carrier's toll-free verification questionnaire; messages come from the domain schema. */
export function TollFreeVerificationForm(props: {
  numberId: number;
  defaults: { businessName: string; contactEmail: string };
}) {
  const { t } = useTranslation();
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
  // The form's errors come from the domain schema, in English: shown in the active language.
  const field = (path: string) => withTranslatedError(form.getInputProps(path));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) =>
          submit.mutate(tollFreeVerificationRequest.parse(values), {
            onSuccess: () => notify.success(t("Verification submitted for review")),
          }),
        focusFirstError,
      )}
    >
      <RegistryNotice kind="toll_free" />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("Business name")} withAsterisk {...field("businessName")} />
          <TextInput
            label={t("Website")}
            placeholder="https://example.com"
            withAsterisk
            {...field("website")}
          />
          <TextInput
            label={t("Contact e-mail")}
            type="email"
            withAsterisk
            {...field("contactEmail")}
          />
          <TextInput
            label={t("Contact phone")}
            type="tel"
            placeholder="(415) 555-0123"
            withAsterisk
            {...field("contactPhone")}
          />
          <TextInput
            label={t("Use case")}
            placeholder={t("e.g. Order updates and weekly offers")}
            withAsterisk
            {...field("useCase")}
          />
          <Select
            label={t("Monthly volume")}
            data={VOLUMES.map((v) => ({ ...v, label: t(v.label) }))}
            allowDeselect={false}
            withAsterisk
            {...field("monthlyVolume")}
          />
          {real && (
            <TextInput
              label={t("Contact name")}
              description={t("First and last name of the person the carrier may contact")}
              withAsterisk
              autoComplete="name"
              {...field("contactName")}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t("Sample message")}
          description={t(
            "A real message you will send, with your business name and opt-out wording",
          )}
          placeholder={t("Bean There: your order is ready for pickup! Reply STOP to opt out.")}
          autosize
          minRows={2}
          withAsterisk
          {...field("sampleMessage")}
        />
        <Textarea
          label={t("How subscribers opt in")}
          description={t(
            "Where and how people agree to get your texts (keyword, web form, checkout box…)",
          )}
          autosize
          minRows={2}
          withAsterisk
          {...field("optInDescription")}
        />
        {real && (
          <TextInput
            label={t("Picture of the opt-in")}
            description={t(
              "A public link to a screenshot or photo of where people opt in (form, sign, checkout box)",
            )}
            placeholder="https://example.com/opt-in.png"
            withAsterisk
            {...field("optInImageUrl")}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending}>
            {t("Submit verification")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
