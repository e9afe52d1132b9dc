import { Alert, Button, Card, Group, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconBellRinging } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUsNumber } from "../../../../domain/phone";
import type { PhoneAlertSettings } from "../../../../domain/phone-alerts";
import { timezoneById, timezonePlace } from "../../../../domain/timezones";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateFields, translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { usePhoneAlerts, useSavePhoneAlerts } from "../api/addons";

/** /addons/phone-alerts: a text to the owner's phone when a subscriber replies. */
export default function PhoneAlertsPage() {
  const { t } = useTranslation();
  const alerts = usePhoneAlerts();
  const me = useCurrentAccount();
  const canEdit = meCan(me, "settings:write");
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title={t("Phone Alerts")}
        description={t(
          "Get a text on your own phone when a subscriber replies, so no conversation waits.",
        )}
      />
      {alerts.isError ? (
        <LoadFailed
          icon={<IconAlertTriangle size={28} />}
          title={t("Phone alerts could not be loaded")}
          query={alerts}
        />
      ) : !alerts.data ? (
        <Card withBorder padding="lg" aria-busy="true">
          <Text c="dimmed" size="sm">
            {t("Loading…")}
          </Text>
        </Card>
      ) : (
        <AlertsForm key={JSON.stringify(alerts.data)} initial={alerts.data} canEdit={canEdit} />
      )}
    </Stack>
  );
}

function AlertsForm({ initial, canEdit }: { initial: PhoneAlertSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSavePhoneAlerts();
  const me = useCurrentAccount();
  const zone = me ? timezonePlace(timezoneById(me.timezoneId), t) : "";
  const [enabled, setEnabled] = useState(initial.enabled);
  const [phone, setPhone] = useState(initial.phone ? formatUsNumber(initial.phone) : "");
  const [quietStart, setQuietStart] = useState(initial.quietStart ?? "");
  const [quietEnd, setQuietEnd] = useState(initial.quietEnd ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (enabled && !phone.trim()) next.phone = translateMessage("Enter the phone to alert");
    if (Boolean(quietStart) !== Boolean(quietEnd))
      next.quietEnd = translateMessage("Give both the start and the end of quiet hours");
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      { enabled, phone: phone.trim(), quietStart: quietStart || null, quietEnd: quietEnd || null },
      {
        onSuccess: (r) =>
          notify.success(r.enabled ? t("Phone alerts are on") : t("Phone alerts are off")),
        onError: (err) => {
          if (err instanceof ApiError && err.extra.fields)
            setErrors(translateFields(err.extra.fields));
          else if (err instanceof ApiError) notify.error(err.message);
        },
      },
    );
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={t("Phone alerts")}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconBellRinging size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t(
              "Each reply to one of your numbers sends a short text to this phone: who wrote and the start of what they said. Alerts come from the number that got the reply and are not sent during your alert quiet hours.",
            )}
          </Text>
        </Group>
        <Switch
          label={t("Text me when a subscriber replies")}
          checked={enabled}
          disabled={!canEdit}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <TextInput
          label={t("Your mobile phone")}
          placeholder="(512) 555-0123"
          type="tel"
          autoComplete="tel"
          value={phone}
          disabled={!canEdit}
          error={errors.phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t("Quiet from")}
            type="time"
            value={quietStart}
            disabled={!canEdit}
            error={errors.quietStart}
            onChange={(e) => setQuietStart(e.currentTarget.value)}
          />
          <TextInput
            label={t("Quiet until")}
            type="time"
            value={quietEnd}
            disabled={!canEdit}
            error={errors.quietEnd}
            onChange={(e) => setQuietEnd(e.currentTarget.value)}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {zone
            ? t(
                "Quiet hours are in your account's time zone ({{zone}}) and may run past midnight (22:00 to 07:00). Leave both empty to be alerted at any hour.",
                { zone },
              )
            : t(
                "Quiet hours are in your account's time zone and may run past midnight (22:00 to 07:00). Leave both empty to be alerted at any hour.",
              )}
        </Text>
        {!canEdit && (
          <Alert color="gray">
            {t("Only an administrator, manager or the owner can change phone alerts.")}
          </Alert>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t("Save Phone Alerts")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
