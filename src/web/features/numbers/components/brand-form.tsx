import { Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { INDUSTRIES } from "../../../../domain/industries";
import { brandRequest } from "../../../../domain/numbers.schemas";
import { US_STATES } from "../../../../domain/us-states";
import { notify } from "../../../lib/notify";
import { RegistryNotice, useRealRegistry } from "../../registrations/components/registry-notice";
import { type BrandForm as BrandValues, useSubmitBrand } from "../api/submit-registration";
import type { Registration } from "../number-status";
import { focusFirstError } from "./focus-first-error";

const VERTICALS = INDUSTRIES.map((i) => i.name);
const BRAND_TYPES = [
  { value: "standard", label: "Standard (higher volume, vetted for a trust score)" },
  { value: "low_volume", label: "Low-volume standard (up to about 6,000 texts a day)" },
  { value: "sole_proprietor", label: "Sole proprietor (no EIN beyond your own; 1,000 a day)" },
];
const STATES = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** Step 1 of 10DLC: who the business is (EIN, address), checked against the domain schema. */
export function BrandForm(props: {
  registration: Registration;
  defaults: { legalName: string; contactEmail: string; vertical: string };
}) {
  const submit = useSubmitBrand();
  const real = useRealRegistry();
  const brand = props.registration.brand;
  const locked = props.registration.brandStatus === "approved";
  const form = useForm<BrandValues>({
    mode: "controlled",
    initialValues: {
      legalName: brand?.legalName ?? props.defaults.legalName,
      ein: brand?.ein ?? "",
      website: brand?.website ?? "",
      vertical: brand?.vertical ?? props.defaults.vertical,
      street: brand?.street ?? "",
      city: brand?.city ?? "",
      state: brand?.state ?? "",
      zip: brand?.zip ?? "",
      contactEmail: brand?.contactEmail ?? props.defaults.contactEmail,
      contactFirstName: brand?.contactFirstName ?? "",
      contactLastName: brand?.contactLastName ?? "",
      contactPhone: brand?.contactPhone ?? "",
      brandType: brand?.brandType ?? "standard",
    },
    validate: schemaResolver(brandRequest, { sync: true }),
  });

  return (
    <form
      noValidate
      aria-label="Brand"
      onSubmit={form.onSubmit(
        (values) =>
          submit.mutate(brandRequest.parse(values), {
            onSuccess: () => notify.success("Brand submitted for review"),
          }),
        focusFirstError,
      )}
    >
      {!locked && <RegistryNotice kind="brand" brandType={form.getValues().brandType} feesOnly />}
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          {real && (
            <Select
              label="Kind of brand"
              description="Decides the carriers' limits and the registration fee"
              data={BRAND_TYPES}
              allowDeselect={false}
              withAsterisk
              maw={{ sm: 480 }}
              {...form.getInputProps("brandType")}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Legal business name"
              description="Exactly as on your IRS documents"
              withAsterisk
              {...form.getInputProps("legalName")}
            />
            <TextInput
              label="EIN"
              description={
                form.getValues().brandType === "sole_proprietor"
                  ? "Not needed for a sole proprietor"
                  : "Employer Identification Number"
              }
              placeholder="12-3456789"
              inputMode="numeric"
              maxLength={10}
              withAsterisk={form.getValues().brandType !== "sole_proprietor"}
              {...form.getInputProps("ein")}
            />
            <TextInput
              label="Website"
              placeholder="https://example.com"
              withAsterisk
              {...form.getInputProps("website")}
            />
            <Select
              label="Industry"
              data={VERTICALS}
              searchable
              withAsterisk
              {...form.getInputProps("vertical")}
            />
            <TextInput
              label="Street address"
              withAsterisk
              autoComplete="street-address"
              {...form.getInputProps("street")}
            />
            <TextInput
              label="City"
              withAsterisk
              autoComplete="address-level2"
              {...form.getInputProps("city")}
            />
            <Select
              label="State"
              data={STATES}
              searchable
              withAsterisk
              {...form.getInputProps("state")}
            />
            <TextInput
              label="ZIP code"
              placeholder="12345"
              inputMode="numeric"
              maxLength={10}
              withAsterisk
              autoComplete="postal-code"
              {...form.getInputProps("zip")}
            />
            <TextInput
              label="Contact e-mail"
              type="email"
              withAsterisk
              {...form.getInputProps("contactEmail")}
            />
            {real && (
              <>
                <TextInput
                  label="Contact first name"
                  description="The person who represents the business"
                  withAsterisk
                  autoComplete="given-name"
                  {...form.getInputProps("contactFirstName")}
                />
                <TextInput
                  label="Contact last name"
                  withAsterisk
                  autoComplete="family-name"
                  {...form.getInputProps("contactLastName")}
                />
                <TextInput
                  label="Contact phone"
                  placeholder="+15125550100"
                  withAsterisk
                  autoComplete="tel"
                  {...form.getInputProps("contactPhone")}
                />
              </>
            )}
          </SimpleGrid>
          {!locked && (
            <Group justify="flex-end">
              <Button type="submit" loading={submit.isPending}>
                {brand ? "Update and resubmit brand" : "Submit brand"}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
