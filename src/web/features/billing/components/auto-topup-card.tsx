import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import {
  AUTO_TOPUP_MAX_THRESHOLD,
  AUTO_TOPUP_MIN_THRESHOLD,
  formatUsd,
  MESSAGE_BUNDLES,
} from "../../../../domain/billing";
import { autoTopupInput, type BillingSummary } from "../../../../domain/billing.schemas";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { useSaveAutoTopup } from "../api/billing";
import { BillingCard, formatDay, Muted } from "./billing-bits";

const bundleOptions = MESSAGE_BUNDLES.map((b) => ({
  value: String(b.qty),
  label: `${b.qty.toLocaleString("en-US")} credits for ${formatUsd(b.priceCents)}`,
}));

/** Auto top-up (doc 1 §3 payment info): buy a bundle when the balance falls below a threshold. */
export function AutoTopupCard({ summary }: { summary: BillingSummary }) {
  const timeZone = useAccountTimeZone();
  const save = useSaveAutoTopup();
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
      setError(parsed.error.issues[0]?.message ?? "Check the setting.");
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (s) =>
        s.autoTopupSettings.lastFailure
          ? notify.error(`Auto top-up failed: ${s.autoTopupSettings.lastFailure}`)
          : notify.success(enabled ? "Auto top-up is on" : "Auto top-up is off"),
    });
  };
  const last = summary.autoTopupSettings;
  return (
    <BillingCard title="Auto top-up">
      <Switch
        label="Buy credits automatically"
        description="When your balance falls below the threshold, the bundle is bought with your card."
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      {/* Side by side where there is room, one under the other on a phone. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="When credits fall below"
          min={AUTO_TOPUP_MIN_THRESHOLD}
          max={AUTO_TOPUP_MAX_THRESHOLD}
          allowDecimal={false}
          value={threshold}
          onChange={setThreshold}
          error={error}
        />
        <Select
          label="Buy"
          data={bundleOptions}
          value={bundle}
          onChange={(v) => v && setBundle(v)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {last.lastFailure && (
        <Alert color="red" variant="light" role="alert">
          The last auto top-up failed: {last.lastFailure}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {formErrorOf(save.error)}
        </Alert>
      )}
      {last.lastTopupAt && <Muted>Last bought {formatDay(last.lastTopupAt, timeZone)}.</Muted>}
      {!summary.card && (
        <Text size="sm" c="dimmed">
          Add a card first: auto top-up pays with the card on file.
        </Text>
      )}
      <Group>
        <Button variant="light" loading={save.isPending} onClick={submit}>
          Save Auto Top-up
        </Button>
      </Group>
    </BillingCard>
  );
}
