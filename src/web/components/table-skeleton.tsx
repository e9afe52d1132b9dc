import { Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Stands in for a table while its first page loads: a header bar and a few row bars. */
export function TableSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={10} data-testid="table-skeleton" aria-busy="true" aria-label={t("Loading")}>
      <Skeleton height={36} radius="sm" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={28} radius="sm" width={`${92 - (i % 3) * 9}%`} />
      ))}
    </Stack>
  );
}
