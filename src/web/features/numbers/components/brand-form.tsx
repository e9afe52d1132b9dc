import { Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { INDUSTRIES } from "../../../../domain/industries";
import { brandRequest } from "../../../../domain/numbers.schemas";
import { US_STATES } from "../../../../domain/us-states";
import { tk } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { RegistryNotice, useRealRegistry } from "../../registrations/components/registry-notice";
import { type BrandForm as BrandValues, useSubmitBrand } from "../api/submit-registration";
import type { Registration } from "../number-status";
import { focusFirstError } from "./focus-first-error";
import { withTranslatedError } from "./translated-error";

const VERTICALS = INDUSTRIES.map((i) => i.name);
const BRAND_TYPES = [
  { value: "standard", label: tk("Standard (higher volume, vetted for a trust score)") },
  { value: "low_volume", label: tk("Low-volume standard (up to about 6,000 texts a day)") },
  { value: "sole_proprietor", label: tk("Sole proprietor (no EIN beyond your own; 1,000 a day)") },
];
const STATES = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** Step 1 of 10DLC: who the business is (EIN, address), checked against the domain schema. */
export function BrandForm(props: {
  registration: Registration;
  defaults: { legalName: string; contactEmail: string; vertical: string };
}) {
  const { t } = useTranslation();
  // The option lists in the active language, made once per language for the Selects.
  const brandTypes = useMemo(() => BRAND_TYPES.map((b) => ({ ...b, label: t(b.label) })), [t]);
  const verticals = useMemo(() => VERTICALS.map((v) => ({ value: v, label: t(v) })), [t]);
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
  // The form's errors come from the domain schema, in English: shown in the active language.
  const field = (path: string) => withTranslatedError(form.getInputProps(path));

  return (
    <form
      noValidate
      aria-label={t("Brand")}
      onSubmit={form.onSubmit(
        (values) =>
          submit.mutate(brandRequest.parse(values), {
            onSuccess: () => notify.success(t("Brand submitted for review")),
          }),
        focusFirstError,
      )}
    >
      {!locked && <RegistryNotice kind="brand" brandType={form.getValues().brandType} feesOnly />}
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          {real && (
            <Select
              label={t("Kind of brand")}
              description={t("Decides the carriers' limits and the registration fee")}
              data={brandTypes}
              allowDeselect={false}
              withAsterisk
              maw={{ sm: 480 }}
              {...field("brandType")}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t("Legal business name")}
              description={t("Exactly as on your IRS documents")}
              withAsterisk
              {...field("legalName")}
            />
            <TextInput
              label={t("EIN")}
              description={
                form.getValues().brandType === "sole_proprietor"
                  ? t("Not needed for a sole proprietor")
                  : t("Employer Identification Number")
              }
              placeholder="12-3456789"
              inputMode="numeric"
              maxLength={10}
              withAsterisk={form.getValues().brandType !== "sole_proprietor"}
              {...field("ein")}
            />
            <TextInput
              label={t("Website")}
              placeholder="https://example.com"
              withAsterisk
              {...field("website")}
            />
            <Select
              label={t("Industry")}
              data={verticals}
              searchable
              withAsterisk
              {...field("vertical")}
            />
            <TextInput
              label={t("Street address")}
              withAsterisk
              autoComplete="street-address"
              {...field("street")}
            />
            <TextInput
              label={t("City")}
              withAsterisk
              autoComplete="address-level2"
              {...field("city")}
            />
            <Select label={t("State")} data={STATES} searchable withAsterisk {...field("state")} />
            <TextInput
              label={t("ZIP code")}
              placeholder="12345"
              inputMode="numeric"
              maxLength={10}
              withAsterisk
              autoComplete="postal-code"
              {...field("zip")}
            />
            <TextInput
              label={t("Contact e-mail")}
              type="email"
              withAsterisk
              {...field("contactEmail")}
            />
            {real && (
              <>
                <TextInput
                  label={t("Contact first name")}
                  description={t("The person who represents the business")}
                  withAsterisk
                  autoComplete="given-name"
                  {...field("contactFirstName")}
                />
                <TextInput
                  label={t("Contact last name")}
                  withAsterisk
                  autoComplete="family-name"
                  {...field("contactLastName")}
                />
                <TextInput
                  label={t("Contact phone")}
                  placeholder="+15125550100"
                  withAsterisk
                  autoComplete="tel"
                  {...field("contactPhone")}
                />
              </>
            )}
          </SimpleGrid>
          {!locked && (
            <Group justify="flex-end">
              <Button type="submit" loading={submit.isPending}>
                {brand ? t("Update and resubmit brand") : t("Submit brand")}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
