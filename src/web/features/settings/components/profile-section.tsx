import { Anchor, Button, Group, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  type AccountProfile,
  accountProfileUpdate,
  MESSAGE_VALIDITY_MINUTES,
} from "../../../../domain/account-profile.schemas";
import { INDUSTRIES } from "../../../../domain/industries";
import { formatUsNumber } from "../../../../domain/phone";
import { LoadFailed } from "../../../components/load-failed";
import { TimezoneSelect } from "../../../components/timezone-select";
import { translateFields } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { fieldErrors } from "../../auth/form-errors";
import { useAccountProfile, useSaveAccountProfile } from "../api/account-settings";
import { SettingsCard, SettingsLoading } from "./settings-card";

/** Business profile, time zone and message deadline. */
export function ProfileSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const profile = useAccountProfile();
  return (
    <SettingsCard
      title={t("Business profile")}
      description={t(
        "Who you are to your subscribers, and the time zone your schedules and quiet hours use.",
      )}
    >
      {profile.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Your business profile could not be loaded")}
          query={profile}
        />
      ) : !profile.data ? (
        <SettingsLoading />
      ) : (
        <ProfileForm key={JSON.stringify(profile.data)} profile={profile.data} canEdit={canEdit} />
      )}
    </SettingsCard>
  );
}

type Field =
  | "businessName"
  | "email"
  | "industry"
  | "timezoneId"
  | "businessPhone"
  | "messageValidityMinutes";

function ProfileForm({ profile, canEdit }: { profile: AccountProfile; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAccountProfile();
  const industryOptions = INDUSTRIES.map((i) => ({ value: String(i.id), label: t(i.name) }));
  const deadlineOptions = MESSAGE_VALIDITY_MINUTES.map((m) => ({
    value: String(m),
    label:
      m < 60
        ? t("{{n}} minutes", { n: m })
        : m === 60
          ? t("1 hour")
          : t("{{n}} hours", { n: m / 60 }),
  }));
  const [v, setV] = useState({
    businessName: profile.businessName,
    email: profile.email,
    industry: profile.industry ? String(profile.industry) : null,
    timezoneId: String(profile.timezoneId) as string | null,
    businessPhone: profile.businessPhone ? formatUsNumber(profile.businessPhone) : "",
    messageValidityMinutes: String(profile.messageValidityMinutes) as string | null,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (k: keyof typeof v) => (value: string | null) => setV((s) => ({ ...s, [k]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      businessName: v.businessName,
      email: v.email,
      industry: v.industry ? Number(v.industry) : undefined,
      timezoneId: v.timezoneId ? Number(v.timezoneId) : undefined,
      businessPhone: v.businessPhone,
      messageValidityMinutes: Number(v.messageValidityMinutes),
    };
    const parsed = accountProfileUpdate.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { ...parsed.data, businessPhone: v.businessPhone },
      {
        onSuccess: () => notify.success(t("Your business profile has been saved")),
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields)
            setErrors(translateFields(err.extra.fields));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("Business name")}
            value={v.businessName}
            error={errors.businessName}
            onChange={(e) => set("businessName")(e.currentTarget.value)}
          />
          <TextInput
            label={t("Account e-mail")}
            type="email"
            value={v.email}
            error={errors.email}
            onChange={(e) => set("email")(e.currentTarget.value)}
          />
          <Select
            label={t("Industry")}
            searchable
            data={industryOptions}
            value={v.industry}
            error={errors.industry}
            onChange={set("industry")}
          />
          <TimezoneSelect
            value={v.timezoneId ? Number(v.timezoneId) : null}
            error={errors.timezoneId}
            onChange={(id) => set("timezoneId")(String(id))}
          />
          <TextInput
            label={t("Business phone")}
            type="tel"
            value={v.businessPhone}
            error={errors.businessPhone}
            onChange={(e) => set("businessPhone")(e.currentTarget.value)}
          />
          <Select
            label={t("Message deadline")}
            description={t(
              "A text the carrier has not accepted by then expires instead of arriving late.",
            )}
            allowDeselect={false}
            data={deadlineOptions}
            value={v.messageValidityMinutes}
            error={errors.messageValidityMinutes}
            onChange={set("messageValidityMinutes")}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          <Trans
            t={t}
            i18nKey="Public pages use your account name <0>{{path}}</0>; it stays the same when you rename the business."
            values={{ path: `/subscribe/${profile.accountName}` }}
            components={[
              <Anchor
                key="path"
                href={`/subscribe/${profile.accountName}`}
                target="_blank"
                rel="noreferrer"
              />,
            ]}
          />
        </Text>
        {canEdit && (
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={save.isPending}>
              {t("Save Profile")}
            </Button>
          </Group>
        )}
      </fieldset>
    </form>
  );
}
