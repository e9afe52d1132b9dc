import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatNumber } from "../../../i18n";

export const EXPORT_HISTORY_PATH = "/reports/export-history";

/** Tells where the CSV will be once the export job has run. */
export function ExportStartedModal(props: { count: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const n = props.count ?? 0;
  return (
    <Modal opened={props.count !== null} onClose={props.onClose} title={t("Export started")}>
      <Stack>
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={40} radius="xl">
            <IconFileSpreadsheet size={22} />
          </ThemeIcon>
          <Text size="sm">
            {t(
              "We are preparing a CSV file of {{n}} subscribers. When it is ready you can download it from Export History (Reports → Export History).",
              { count: n, n: formatNumber(n) },
            )}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("Close")}
          </Button>
          <Button
            onClick={() => {
              props.onClose();
              navigate(EXPORT_HISTORY_PATH);
            }}
          >
            {t("Go to Export History")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
