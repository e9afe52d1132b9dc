import { ScrollArea, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { columnCount } from "../lib/import-draft";

/** The first rows of the file as they will be read, with the header row set apart. */
export function PreviewTable(props: { rows: string[][]; hasHeader: boolean; caption?: string }) {
  const { t } = useTranslation();
  const width = columnCount(props.rows);
  const header = props.hasHeader ? props.rows[0] : undefined;
  const body = props.hasHeader ? props.rows.slice(1) : props.rows;
  const cols = Array.from({ length: width }, (_, i) => i);
  return (
    <ScrollArea type="auto" offsetScrollbars data-testid="import-preview">
      <Table withTableBorder withColumnBorders striped fz="sm" miw={Math.min(width * 140, 900)}>
        {props.caption && <Table.Caption>{props.caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {cols.map((i) => (
              <Table.Th key={i} style={{ whiteSpace: "nowrap" }}>
                {header?.[i] || t("Column {{n}}", { n: i + 1 })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={Math.max(1, width)}>
                <Text size="sm" c="dimmed">
                  {t("No rows below the header.")}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {body.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity
            <Table.Tr key={r}>
              {cols.map((i) => (
                <Table.Td key={i} style={{ whiteSpace: "nowrap", maxWidth: 260 }}>
                  <Text size="sm" truncate>
                    {row[i] ?? ""}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
