import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { formatNumber } from "../../../i18n";

/** Up to 16 option bubbles in a row (spec doc 2 §9), then how many more. */
const MAX_BUBBLES = 16;

/** The table's "Details" cell: a multi-select's options, or what values of the type look like. */
export function FieldDetails({ field }: { field: CustomField }) {
  const { t } = useTranslation();
  switch (field.type) {
    case "multi_select": {
      const shown = field.options.slice(0, MAX_BUBBLES);
      const more = field.options.length - shown.length;
      return (
        <Group gap={4}>
          {shown.map((o) => (
            <Badge key={o} variant="light" color="gray" tt="none" fw={500}>
              {o}
            </Badge>
          ))}
          {more > 0 && (
            <Text size="xs" c="dimmed">
              {t("+{{n}} more", { n: formatNumber(more) })}
            </Text>
          )}
        </Group>
      );
    }
    case "address":
      return (
        <Text size="sm" c="dimmed">
          {t("street, city, state, zip")}
        </Text>
      );
    case "date":
      return (
        <Text size="sm" c="dimmed">
          {t("MM/DD/YYYY")}
        </Text>
      );
    case "boolean":
      return (
        <Text size="sm" c="dimmed">
          {t("true or false")}
        </Text>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {t("up to 500 characters")}
        </Text>
      );
  }
}
