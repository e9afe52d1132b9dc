import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n";
import { pageFullySelected, type Selection, selectedCount } from "./selection";

/**
 * Shown while rows are selected: how many, the offer to select every match once the whole page
 * is ticked (when the list's actions take "all matching"), the actions, and a way out.
 */
export function BulkBar<Id extends string | number>(props: {
  selection: Selection<Id>;
  /** Every row matching the search and filters. */
  total: number;
  pageIds: Id[];
  /** The rows, plural, for "All 40 matching subscribers". */
  noun: string;
  /** How the count reads (default "3 selected"). */
  countLabel?: (count: number) => string;
  /** Offered once the page is fully ticked; leave out for actions on picked rows only. */
  onSelectAll?: () => void;
  onClear: () => void;
  /** The bulk actions (small buttons). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const count = selectedCount(props.selection, props.total);
  if (count === 0) return null;
  const all = props.selection.mode === "all";
  const offerAll =
    props.onSelectAll &&
    !all &&
    pageFullySelected(props.selection, props.pageIds) &&
    props.total > count;
  const excluded = props.selection.mode === "all" ? props.selection.excluded.length : 0;

  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      mb="sm"
      bg="var(--mantine-primary-color-light)"
      data-testid="selection-bar"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} data-testid="selected-count">
            {props.countLabel
              ? props.countLabel(count)
              : t("{{n}} selected", { n: formatNumber(count) })}
          </Text>
          {offerAll && (
            <Text size="sm">
              {t("All {{n}} on this page are selected.", { n: props.pageIds.length })}{" "}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={props.onSelectAll}
              >
                {t("Select all {{n}} matching", { n: formatNumber(props.total) })}
              </Anchor>
            </Text>
          )}
          {all && (
            <Text size="sm">
              {excluded > 0
                ? t("All {{n}} matching {{noun}} except {{excluded}} unticked.", {
                    n: formatNumber(props.total),
                    noun: props.noun,
                    excluded: formatNumber(excluded),
                  })
                : t("All {{n}} matching {{noun}}.", {
                    n: formatNumber(props.total),
                    noun: props.noun,
                  })}
            </Text>
          )}
        </Group>
        <Group gap={6}>
          {props.children}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={props.onClear}
          >
            {t("Clear selection")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
