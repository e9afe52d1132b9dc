import { Button } from "@mantine/core";
import { IconDownload, IconTrash, IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { BulkBar } from "../../../components/list/bulk-bar";
import type { Selection } from "../../../components/list/selection";

export type BulkKind = "add-to-group" | "remove-from-group" | "delete" | "export";

/** The subscribers list's bulk actions: groups, export and delete, on picked or all matching. */
export function SelectionBar(props: {
  selection: Selection;
  total: number;
  pageIds: number[];
  busy: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <BulkBar
      selection={props.selection}
      total={props.total}
      pageIds={props.pageIds}
      noun="subscribers"
      onSelectAll={props.onSelectAll}
      onClear={props.onClear}
    >
      <Button
        size="xs"
        variant="default"
        leftSection={<IconUserPlus size={14} />}
        disabled={props.busy}
        onClick={() => props.onAction("add-to-group")}
      >
        {t("Add to Group")}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconUserMinus size={14} />}
        disabled={props.busy}
        onClick={() => props.onAction("remove-from-group")}
      >
        {t("Remove from Group")}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        disabled={props.busy}
        onClick={() => props.onAction("export")}
      >
        {t("Export")}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} />}
        disabled={props.busy}
        onClick={() => props.onAction("delete")}
      >
        {t("Delete")}
      </Button>
    </BulkBar>
  );
}
