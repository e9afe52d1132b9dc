import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CREDIT_RULE, type CreditCost, creditRuleRows } from "../../../../domain/credit-rule";
import { MMS_CREDITS } from "../../../../domain/segments";
import { BillingCard, Muted } from "./billing-bits";

/**
 * The credit rule as the server charges it (src/domain/credit-rule.ts): what each kind of
 * outgoing text costs, and which are free.
 */
export function CreditRuleCard() {
  const { t } = useTranslation();
  const rows = creditRuleRows().map((r) => {
    const cost: CreditCost = CREDIT_RULE[r.source].cost;
    return {
      source: r.source,
      label: t(r.label),
      free: cost.kind === "free",
      cost:
        cost.kind === "free"
          ? t("Free. {{why}}", { why: t(cost.why) })
          : cost.kind === "flat"
            ? t("{{n}} credits each", { n: cost.credits })
            : t("1 credit per segment; {{n}} for an MMS", { n: MMS_CREDITS }),
    };
  });
  return (
    <BillingCard title={t("What a text costs")}>
      <Muted>
        {t(
          "An SMS takes one credit per segment: 160 characters, or 70 with emoji or non-Latin letters (153 and 67 per part once a text is split). An MMS takes 3 credits. A text to a number abroad also takes as many international credits. A text that finally fails gets its credits back.",
        )}
      </Muted>
      <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table striped aria-label={t("What each text costs")} data-testid="credit-rule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Text")}</Table.Th>
              <Table.Th>{t("Cost")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.source}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={r.free ? 600 : undefined}>
                    {r.cost}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </BillingCard>
  );
}
