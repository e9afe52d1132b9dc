import { ActionIcon, Button, Group, Select, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { campaignRequest } from "../../../../domain/numbers.schemas";
import { notify } from "../../../lib/notify";
import { RegistryNotice, useRealRegistry } from "../../registrations/components/registry-notice";
import { type CampaignForm as CampaignValues, useSubmitCampaign } from "../api/submit-registration";
import type { Registration } from "../number-status";
import { focusFirstError } from "./focus-first-error";

/** The Campaign Registry's standard use cases, as carriers name them. */
const USE_CASES = [
  "Marketing",
  "Mixed",
  "Low Volume Mixed",
  "Customer Care",
  "Account Notification",
  "Delivery Notification",
  "Security Alert",
  "Two-Factor Authentication",
  "Higher Education",
  "Public Service Announcement",
  "Charity",
  "Polling and Voting",
];
const MAX_SAMPLES = 5;

/** Step 2 of 10DLC: what the business texts, with sample messages. */
export function CampaignForm(props: { registration: Registration }) {
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
  const samples = form.getValues().sampleMessages;
  const description = form.getValues().description;

  return (
    <form
      noValidate
      aria-label="Campaign"
      onSubmit={form.onSubmit(
        (values) =>
          submit.mutate(campaignRequest.parse(values), {
            onSuccess: () => notify.success("Campaign submitted for review"),
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
            label="Use case"
            data={USE_CASES}
            withAsterisk
            maw={{ sm: 360 }}
            {...form.getInputProps("useCase")}
          />
          <Textarea
            label="Campaign description"
            description={`What you text and to whom (${description.trim().length} of at least 40 characters)`}
            autosize
            minRows={3}
            withAsterisk
            {...form.getInputProps("description")}
          />
          {real && (
            <Textarea
              label="How subscribers opt in"
              description="Where and how people agree to your texts (the carriers' message flow, 40 characters or more)"
              autosize
              minRows={2}
              withAsterisk
              {...form.getInputProps("optInDescription")}
            />
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Sample messages{" "}
              <Text span c="red">
                *
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              Two to five real examples, each with your business name (at least 20 characters).
            </Text>
            {samples.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: samples are edited in place by position
              <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                <Textarea
                  aria-label={`Sample message ${i + 1}`}
                  placeholder={
                    i === 0
                      ? "Bean There: 2-for-1 lattes today only! Reply STOP to opt out."
                      : "Bean There: your order is ready for pickup."
                  }
                  autosize
                  minRows={1}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`sampleMessages.${i}`)}
                />
                {samples.length > 2 && (
                  <Tooltip label="Remove" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      onClick={() => form.removeListItem("sampleMessages", i)}
                      aria-label={`Remove sample message ${i + 1}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
            {form.errors.sampleMessages && (
              <Text size="xs" c="red">
                {form.errors.sampleMessages}
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
                Add a sample
              </Button>
            )}
          </Stack>
          {!locked && (
            <Group justify="flex-end">
              <Button type="submit" loading={submit.isPending}>
                {campaign ? "Update and resubmit campaign" : "Submit campaign"}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
