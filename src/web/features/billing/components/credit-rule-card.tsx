import { Table, Text } from "@mantine/core";
import { creditRuleRows } from "../../../../domain/credit-rule";
import { BillingCard, Muted } from "./billing-bits";

/**
 * The credit rule as the server charges it (src/domain/credit-rule.ts): what each kind of
 * outgoing text costs, and which are free.
 */
export function CreditRuleCard() {
  const rows = creditRuleRows();
  return (
    <BillingCard title="What a text costs">
      <Muted>
        An SMS takes one credit per segment: 160 characters, or 70 with emoji or non-Latin letters
        (153 and 67 per part once a text is split). An MMS takes 3 credits. A text to a number
        abroad also takes as many international credits. A text that finally fails gets its credits
        back.
      </Muted>
      <Table.ScrollContainer minWidth={420} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table striped aria-label="What each text costs" data-testid="credit-rule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Text</Table.Th>
              <Table.Th>Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.source}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={r.cost.startsWith("Free") ? 600 : undefined}>
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
