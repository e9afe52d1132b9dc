import { ActionIcon, Button, Group, Select, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { campaignRequest } from "../../../../domain/numbers.schemas";
import { tk, translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { RegistryNotice, useRealRegistry } from "../../registrations/components/registry-notice";
import { type CampaignForm as CampaignValues, useSubmitCampaign } from "../api/submit-registration";
import type { Registration } from "../number-status";
import { focusFirstError } from "./focus-first-error";
import { withTranslatedError } from "./translated-error";

/** The Campaign Registry's standard use cases, as carriers name them. */
const USE_CASES = [
  tk("Marketing"),
  tk("Mixed"),
  tk("Low Volume Mixed"),
  tk("Customer Care"),
  tk("Account Notification"),
  tk("Delivery Notification"),
  tk("Security Alert"),
  tk("Two-Factor Authentication"),
  tk("Higher Education"),
  tk("Public Service Announcement"),
  tk("Charity"),
  tk("Polling and Voting"),
];
const MAX_SAMPLES = 5;

/** Step 2 of 10DLC: what the business texts, with sample messages. */
export function CampaignForm(props: { registration: Registration }) {
  const { t } = useTranslation();
  const submit = useSubmitCampaign();
  const real = useRealRegistry();
  const campaign = props.registration.campaign;
  const brandMissing = props.registration.brandStatus === "none";
  const locked = brandMissing || props.registration.campaignStatus === "approved";
  const form = useForm<CampaignValues>({
    mode: "controlled",
    initialValues: {
      useCase: campaign?.useCase ?? "",
      description: campaign?.description ?? "",
      sampleMessages: campaign?.sampleMessages ?? ["", ""],
      optInDescription: campaign?.optInDescription ?? "",
    },
    validate: schemaResolver(campaignRequest, { sync: true }),
  });
  // The form's errors come from the domain schema, in English: shown in the active language.
  const field = (path: string) => withTranslatedError(form.getInputProps(path));
  const samples = form.getValues().sampleMessages;
  const description = form.getValues().description;

  return (
    <form
      noValidate
      aria-label={t("Campaign")}
      onSubmit={form.onSubmit(
        (values) =>
          submit.mutate(campaignRequest.parse(values), {
            onSuccess: () => notify.success(t("Campaign submitted for review")),
          }),
        focusFirstError,
      )}
    >
      {!locked && (
        <RegistryNotice kind="campaign" brandType={props.registration.brand?.brandType} feesOnly />
      )}
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <Select
            label={t("Use case")}
            data={USE_CASES.map((u) => ({ value: u, label: t(u) }))}
            withAsterisk
            maw={{ sm: 360 }}
            {...field("useCase")}
          />
          <Textarea
            label={t("Campaign description")}
            description={t("What you text and to whom ({{n}} of at least 40 characters)", {
              n: description.trim().length,
            })}
            autosize
            minRows={3}
            withAsterisk
            {...field("description")}
          />
          {real && (
            <Textarea
              label={t("How subscribers opt in")}
              description={t(
                "Where and how people agree to your texts (the carriers' message flow, 40 characters or more)",
              )}
              autosize
              minRows={2}
              withAsterisk
              {...field("optInDescription")}
            />
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("Sample messages")}{" "}
              <Text span c="red">
                *
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {t(
                "Two to five real examples, each with your business name (at least 20 characters).",
              )}
            </Text>
            {samples.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: samples are edited in place by position
              <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                <Textarea
                  aria-label={t("Sample message {{n}}", { n: i + 1 })}
                  placeholder={
                    i === 0
                      ? t("Bean There: 2-for-1 lattes today only! Reply STOP to opt out.")
                      : t("Bean There: your order is ready for pickup.")
                  }
                  autosize
                  minRows={1}
                  style={{ flex: 1 }}
                  {...field(`sampleMessages.${i}`)}
                />
                {samples.length > 2 && (
                  <Tooltip label={t("Remove")} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      onClick={() => form.removeListItem("sampleMessages", i)}
                      aria-label={t("Remove sample message {{n}}", { n: i + 1 })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
            {form.errors.sampleMessages && (
              <Text size="xs" c="red">
                {translateMessage(String(form.errors.sampleMessages))}
              </Text>
            )}
            {samples.length < MAX_SAMPLES && !locked && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem("sampleMessages", "")}
                style={{ alignSelf: "flex-start" }}
              >
                {t("Add a sample")}
              </Button>
            )}
          </Stack>
          {!locked && (
            <Group justify="flex-end">
              <Button type="submit" loading={submit.isPending}>
                {campaign ? t("Update and resubmit campaign") : t("Submit campaign")}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
