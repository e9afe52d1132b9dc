import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
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
      notify.success(t("Keyword pack released"));
      close();
    } catch (err) {
      setError(formErrorOf(err));
    }
  };
  return (
    <BillingCard title={t("Keyword packs")}>
      <Group gap="xs" wrap="nowrap" align="center">
        <IconKey size={20} aria-hidden />
        <Text size="sm" fw={600}>
          {packs === 0
            ? t("No keyword pack")
            : t("{{count}} keyword packs · {{price}} per month", {
                count: packs,
                price: formatUsd(KEYWORD_ADDON_CENTS * packs),
              })}
        </Text>
      </Group>
      <Muted>
        {t(
          "Each pack adds {{n}} keywords for {{price}} a month. Buy one on the Keywords page; a pack you release is not billed again.",
          { n: KEYWORD_ADDON_SIZE, price: formatUsd(KEYWORD_ADDON_CENTS) },
        )}
      </Muted>
      {packs > 0 && (
        <Group>
          <Button variant="light" color="red" onClick={() => setOpen(true)}>
            {t("Release a keyword pack")}
          </Button>
        </Group>
      )}
      <Modal opened={open} onClose={close} title={t("Release a keyword pack?")} centered>
        <Stack gap="md">
          <Text size="sm">
            {t(
              "You keep {{n}} keywords fewer from now on, and your next payment no longer includes this pack ({{price}}). What is already paid is not refunded.",
              { n: KEYWORD_ADDON_SIZE, price: formatUsd(KEYWORD_ADDON_CENTS) },
            )}
          </Text>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("Keep it")}
            </Button>
            <Button color="red" loading={release.isPending} onClick={() => void confirm()}>
              {t("Release")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </BillingCard>
  );
}
