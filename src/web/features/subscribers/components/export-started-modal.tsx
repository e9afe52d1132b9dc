import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useNavigate } from "react-router";

export const EXPORT_HISTORY_PATH = "/reports/export-history";

/** Tells where the CSV will be once the export job has run. */
export function ExportStartedModal(props: { count: number | null; onClose: () => void }) {
  const navigate = useNavigate();
  const n = props.count ?? 0;
  return (
    <Modal opened={props.count !== null} onClose={props.onClose} title="Export started">
      <Stack>
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={40} radius="xl">
            <IconFileSpreadsheet size={22} />
          </ThemeIcon>
          <Text size="sm">
            We are preparing a CSV file of {n.toLocaleString()} subscriber{n === 1 ? "" : "s"}. When
            it is ready you can download it from Export History (Reports → Export History).
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button
            onClick={() => {
              props.onClose();
              navigate(EXPORT_HISTORY_PATH);
            }}
          >
            Go to Export History
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
