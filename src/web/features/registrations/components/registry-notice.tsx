import { Alert, List, Text } from "@mantine/core";
import { IconFlask, IconReceipt } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SIMULATED_REVIEWS } from "../../../../domain/registrations";
import type { BrandType, RegistryFee } from "../../../../domain/registry-limits";
import { formatNumber, i18n, translateMessage } from "../../../i18n";
import { useRegistrationStatus } from "../api/registration-status";

const REGISTRY_NAME = { twilio: "Twilio", telnyx: "Telnyx" } as const;

function money(amount: number) {
  const digits = amount % 1 ? 2 : 0;
  return amount === 0
    ? i18n.t("no charge")
    : `$${formatNumber(amount, { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/**
 * Who reviews this submission, said before it is sent: on the built-in emulator, that the review
 * is simulated; with a real registry, its name and what it charges for this kind of submission.
 */
export function RegistryNotice(props: {
  kind: RegistryFee["kind"];
  brandType?: BrandType;
  /** The page says it already: only a real registry's name and fees here. */
  feesOnly?: boolean;
}) {
  const { t } = useTranslation();
  const status = useRegistrationStatus();
  const registry = status.data?.registry;
  if (!registry) return null;
  if (registry.simulated || registry.name === "emulator")
    return props.feesOnly ? null : <SimulatedReviews />;
  const brandType = props.brandType ?? "standard";

  const fees = registry.fees.filter(
    (f) => f.kind === props.kind && (!f.brandTypes || f.brandTypes.includes(brandType)),
  );
  const name = REGISTRY_NAME[registry.name];
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconReceipt size={18} />}
      title={t("Reviewed by {{name}} and the carriers", { name })}
      mb="sm"
      data-testid="registry-fees"
    >
      <Text size="sm" mb={fees.length ? 4 : 0}>
        {t(
          "Submitting sends this to {{name}}; the decision and its reasons appear here when they come.",
          { name },
        )}
        {fees.length
          ? ` ${t("{{name}} charges the account that holds the carrier credentials:", { name })}`
          : ""}
      </Text>
      {fees.length > 0 && (
        <List size="sm" spacing={2}>
          {fees.map((f) => (
            <List.Item key={f.label}>
              {translateMessage(f.label)}: {money(f.amount)}
              {f.amount > 0
                ? f.period === "monthly"
                  ? ` ${t("a month")}`
                  : ` ${t("one-time")}`
                : ""}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Said plainly wherever a submission is made or shown while the built-in registry reviews. */
export function SimulatedReviews() {
  const { t } = useTranslation();
  const status = useRegistrationStatus();
  if (!status.data?.registry.simulated) return null;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconFlask size={18} />}
      title={t(SIMULATED_REVIEWS.title)}
      mb="sm"
      data-testid="registry-simulated"
    >
      {t(SIMULATED_REVIEWS.detail)}
    </Alert>
  );
}

/** Whether the registry asks for the fields only real registries need (names, opt-in proof). */
export function useRealRegistry(): boolean {
  const status = useRegistrationStatus();
  const registry = status.data?.registry;
  return Boolean(registry && !registry.simulated);
}
