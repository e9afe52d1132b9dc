import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SubscriberImport } from "../../../../domain/imports.schemas";
import { IMPORT_STATUS_COLOR, IMPORT_STATUS_LABEL } from "../lib/import-status";

export function ImportStatusBadge({ status }: { status: SubscriberImport["status"] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={IMPORT_STATUS_COLOR[status]} data-testid="import-status">
      {t(IMPORT_STATUS_LABEL[status])}
    </Badge>
  );
}
