import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AUTO_TOPUP_MAX_THRESHOLD,
  AUTO_TOPUP_MIN_THRESHOLD,
  formatUsd,
  MESSAGE_BUNDLES,
} from "../../../../domain/billing";
import { autoTopupInput, type BillingSummary } from "../../../../domain/billing.schemas";
import { translateMessage } from "../../../i18n";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { useSaveAutoTopup } from "../api/billing";
import { BillingCard, formatDay, Muted } from "./billing-bits";

/** Auto top-up (doc 1 §3 payment info): buy a bundle when the balance falls below a threshold. */
export function AutoTopupCard({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const save = useSaveAutoTopup();
  const bundleOptions = MESSAGE_BUNDLES.map((b) => ({
    value: String(b.qty),
    label: t("{{n}} credits for {{price}}", {
      n: b.qty.toLocaleString("en-US"),
      price: formatUsd(b.priceCents),
    }),
  }));
  const [enabled, setEnabled] = useState(summary.autoTopup);
  const [threshold, setThreshold] = useState<number | string>(summary.autoTopupSettings.threshold);
  const [bundle, setBundle] = useState(String(summary.autoTopupSettings.bundleQty));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEnabled(summary.autoTopup);
    setThreshold(summary.autoTopupSettings.threshold);
    setBundle(String(summary.autoTopupSettings.bundleQty));
  }, [summary.autoTopup, summary.autoTopupSettings]);

  const submit = () => {
    const parsed = autoTopupInput.safeParse({
      enabled,
      threshold: typeof threshold === "number" ? threshold : Number.NaN,
      bundleQty: Number(bundle),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? translateMessage(issue) : t("Check the setting."));
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (s) =>
        s.autoTopupSettings.lastFailure
          ? notify.error(
              t("Auto top-up failed: {{reason}}", {
                reason: translateMessage(s.autoTopupSettings.lastFailure),
              }),
            )
          : notify.success(enabled ? t("Auto top-up is on") : t("Auto top-up is off")),
    });
  };
  const last = summary.autoTopupSettings;
  return (
    <BillingCard title={t("Auto top-up")}>
      <Switch
        label={t("Buy credits automatically")}
        description={t(
          "When your balance falls below the threshold, the bundle is bought with your card.",
        )}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      {/* Side by side where there is room, one under the other on a phone. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={t("When credits fall below")}
          min={AUTO_TOPUP_MIN_THRESHOLD}
          max={AUTO_TOPUP_MAX_THRESHOLD}
          allowDecimal={false}
          value={threshold}
          onChange={setThreshold}
          error={error}
        />
        <Select
          label={t("Buy")}
          data={bundleOptions}
          value={bundle}
          onChange={(v) => v && setBundle(v)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {last.lastFailure && (
        <Alert color="red" variant="light" role="alert">
          {t("The last auto top-up failed: {{reason}}", {
            reason: translateMessage(last.lastFailure),
          })}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {formErrorOf(save.error)}
        </Alert>
      )}
      {last.lastTopupAt && (
        <Muted>{t("Last bought {{date}}.", { date: formatDay(last.lastTopupAt, timeZone) })}</Muted>
      )}
      {!summary.card && (
        <Text size="sm" c="dimmed">
          {t("Add a card first: auto top-up pays with the card on file.")}
        </Text>
      )}
      <Group>
        <Button variant="light" loading={save.isPending} onClick={submit}>
          {t("Save Auto Top-up")}
        </Button>
      </Group>
    </BillingCard>
  );
}
