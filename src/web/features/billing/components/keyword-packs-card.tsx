import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { formatUsd } from "../../../../domain/billing";
import type { BillingSummary } from "../../../../domain/billing.schemas";
import { KEYWORD_ADDON_CENTS, KEYWORD_ADDON_SIZE } from "../../../../domain/keywords";
import { notify } from "../../../lib/notify";
import { formErrorOf } from "../../auth/form-errors";
import { useReleaseKeywordPack } from "../api/billing";
import { BillingCard, Muted } from "./billing-bits";

/**
 * The monthly keyword packs held, and giving one back: it leaves the next plan payment (nothing
 * is refunded for the month already paid), refused while the keywords in use need it.
 */
export function KeywordPacksCard({ summary }: { summary: BillingSummary }) {
  const packs = summary.monthlyAddons.filter((a) =>
    a.description.startsWith("Keyword pack"),
  ).length;
  const release = useReleaseKeywordPack();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const confirm = async () => {
    setError(null);
    try {
      await release.mutateAsync();
      notify.success("Keyword pack released");
      close();
    } catch (err) {
      setError(formErrorOf(err));
    }
  };
  return (
    <BillingCard title="Keyword packs">
      <Group gap="xs" wrap="nowrap" align="center">
        <IconKey size={20} aria-hidden />
        <Text size="sm" fw={600}>
          {packs === 0
            ? "No keyword pack"
            : `${packs} keyword ${packs === 1 ? "pack" : "packs"} · ${formatUsd(KEYWORD_ADDON_CENTS * packs)} per month`}
        </Text>
      </Group>
      <Muted>
        Each pack adds {KEYWORD_ADDON_SIZE} keywords for {formatUsd(KEYWORD_ADDON_CENTS)} a month.
        Buy one on the Keywords page; a pack you release is not billed again.
      </Muted>
      {packs > 0 && (
        <Group>
          <Button variant="light" color="red" onClick={() => setOpen(true)}>
            Release a keyword pack
          </Button>
        </Group>
      )}
      <Modal opened={open} onClose={close} title="Release a keyword pack?" centered>
        <Stack gap="md">
          <Text size="sm">
            You keep {KEYWORD_ADDON_SIZE} keywords fewer from now on, and your next payment no
            longer includes this pack ({formatUsd(KEYWORD_ADDON_CENTS)}). What is already paid is
            not refunded.
          </Text>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button color="red" loading={release.isPending} onClick={() => void confirm()}>
              Release
            </Button>
          </Group>
        </Stack>
      </Modal>
    </BillingCard>
  );
}
