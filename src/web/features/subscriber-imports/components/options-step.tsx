import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconInfoCircle, IconPlayerPlay, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { IMPORT_ATTESTATION } from "../../../../domain/imports.schemas";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useCreateImportGroup } from "../api/create-group";
import { useImportGroups } from "../api/list-import-targets";
import type { ImportDraft } from "../lib/import-draft";
import { targetLabel } from "./mapping-step";

/**
 * Step 3 (/subscribers/import/advanced-options): groups, duplicate handling, the date format of
 * date columns and the opt-in attestation, which the import cannot start without.
 */
export function OptionsStep(props: {
  draft: ImportDraft;
  fields: CustomField[];
  starting: boolean;
  onChange: (patch: Partial<ImportDraft>) => void;
  onBack: () => void;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const { draft } = props;
  const groups = useImportGroups();
  const createGroup = useCreateImportGroup();
  const [newGroup, setNewGroup] = useState("");
  const [attestError, setAttestError] = useState(false);
  // Held here as well as in the draft: the draft lives in the query cache, whose subscribers
  // hear of a change a tick later, and a controlled box would flick back until then.
  const [attested, setAttested] = useState(draft.attested);

  const header = draft.hasHeader ? draft.rows[0] : undefined;
  const mapped = draft.mapping
    .map((target, i) => ({
      target,
      column: header?.[i]?.trim() || t("Column {{n}}", { n: i + 1 }),
    }))
    .filter((m) => m.target);
  const dateColumns = mapped.filter((m) => {
    const id = Number(m.target.slice("attribute:".length));
    return props.fields.find((f) => f.id === id)?.type === "date";
  });

  const addGroup = () => {
    const name = newGroup.trim();
    if (!name) return;
    createGroup.mutate(name, {
      onSuccess: (g) => {
        props.onChange({ groupIds: [...draft.groupIds, g.id] });
        setNewGroup("");
        notify.success(t("Group '{{name}}' created", { name: g.name }));
      },
    });
  };

  const start = () => {
    if (!attested) {
      setAttestError(true);
      return;
    }
    props.onStart();
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Text fw={600} size="sm" mb={4}>
          {draft.fileName}
        </Text>
        <Text size="sm" c="dimmed" data-testid="mapping-summary">
          {mapped.map((m) => `${targetLabel(m.target, props.fields, t)} ← ${m.column}`).join(" · ")}
        </Text>
      </Paper>

      <Stack gap={6}>
        <MultiSelect
          label={t("Add the imported subscribers to groups")}
          description={t(
            "Optional. Adaptive groups fill themselves by their rules, so only static groups are listed.",
          )}
          placeholder={draft.groupIds.length ? undefined : t("No group")}
          data={(groups.data?.rows ?? []).map((g) => ({
            value: String(g.id),
            label: g.hidden ? t("{{name}} (hidden)", { name: g.name }) : g.name,
          }))}
          value={draft.groupIds.map(String)}
          onChange={(v) => props.onChange({ groupIds: v.map(Number) })}
          searchable
          clearable
          nothingFoundMessage={t("No group of that name")}
          disabled={groups.isPending}
          maxValues={50}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            aria-label={t("New group name")}
            placeholder={t("New group name")}
            value={newGroup}
            onChange={(e) => setNewGroup(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addGroup();
              }
            }}
            maxLength={100}
            style={{ flex: 1, maxWidth: 320 }}
            size="xs"
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={addGroup}
            loading={createGroup.isPending}
            disabled={!newGroup.trim()}
          >
            {t("Create group")}
          </Button>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Radio.Group
          label={t("Numbers already in your list")}
          description={t("A phone number you already have, or one that appears twice in the file.")}
          value={draft.duplicates}
          onChange={(v) => props.onChange({ duplicates: v as ImportDraft["duplicates"] })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="skip" label={t("Skip them: keep what is saved now")} />
            <Radio value="update" label={t("Update them with the values in this file")} />
          </Stack>
        </Radio.Group>

        <Radio.Group
          label={t("Dates in date columns")}
          description={
            dateColumns.length
              ? t(
                  "How {{columns}} writes dates. YYYY-MM-DD and Excel dates are always understood.",
                  { columns: dateColumns.map((d) => d.column).join(", ") },
                )
              : t(
                  "No column is imported into a date attribute. YYYY-MM-DD and Excel dates are always understood.",
                )
          }
          value={draft.dateFormat}
          onChange={(v) => props.onChange({ dateFormat: v as ImportDraft["dateFormat"] })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="MDY" label={t("Month first: 05/06/2024 is May 6 (US)")} />
            <Radio value="DMY" label={t("Day first: 05/06/2024 is 5 June")} />
          </Stack>
        </Radio.Group>
      </SimpleGrid>

      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {t(
          "New subscribers are recorded with the sign-up method Spreadsheet Import, and this import as the source of their consent. Opted-out and blocked numbers stay opted out or blocked.",
        )}
      </Alert>

      <Checkbox
        label={translateMessage(IMPORT_ATTESTATION)}
        checked={attested}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          setAttested(checked);
          props.onChange({ attested: checked });
          if (checked) setAttestError(false);
        }}
        error={attestError ? t("Confirm this to start the import.") : undefined}
        data-testid="attestation"
      />

      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          {t("Back")}
        </Button>
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={start} loading={props.starting}>
          {t("Start import")}
        </Button>
      </Group>
    </Stack>
  );
}
