import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { IconAlertCircle, IconArrowRight, IconFileSpreadsheet } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CustomField } from "../../../../domain/custom-fields.schemas";
import { IMPORT_NEEDS_NUMBER } from "../../../../domain/imports.schemas";
import { tk, translateMessage } from "../../../i18n";
import { guessMapping, mappingProblems } from "../lib/guess-mapping";
import { columnCount, type ImportDraft } from "../lib/import-draft";
import { PreviewTable } from "./preview-table";

/** Select cannot hold '' as a value: the "not imported" choice goes by this name in the UI. */
const SKIP = "skip";

export const BUILTIN_TARGETS: Record<string, string> = {
  number: tk("Phone number"),
  firstName: tk("First name"),
  lastName: tk("Last name"),
  email: tk("E-mail"),
};

const FIELD_TYPE_LABEL: Record<CustomField["type"], string> = {
  string: tk("text"),
  boolean: tk("yes/no"),
  date: tk("date"),
  multi_select: tk("multi-select"),
  address: tk("address"),
};

export function targetLabel(target: string, fields: CustomField[], t: TFunction): string {
  if (!target) return t("Not imported");
  if (BUILTIN_TARGETS[target]) return t(BUILTIN_TARGETS[target]);
  const id = Number(target.slice("attribute:".length));
  return fields.find((f) => f.id === id)?.name ?? t("Unknown attribute");
}

/**
 * Step 2: what each column of the file is. Obvious ones are guessed from the header; the phone
 * column is required, and no field may take two columns.
 */
export function MappingStep(props: {
  draft: ImportDraft;
  fields: CustomField[];
  onChange: (patch: Partial<ImportDraft>) => void;
  onChooseAnother: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const { draft, fields } = props;
  const width = columnCount(draft.rows);
  const header = draft.hasHeader ? draft.rows[0] : undefined;
  const data = draft.hasHeader ? draft.rows.slice(1) : draft.rows;
  const problems = mappingProblems(draft.mapping);
  const ready = !problems.needsNumber && problems.twice.size === 0;

  const options = [
    {
      group: t("Subscriber"),
      items: Object.entries(BUILTIN_TARGETS).map(([value, label]) => ({ value, label: t(label) })),
    },
    ...(fields.length
      ? [
          {
            group: t("Attributes"),
            items: fields.map((f) => ({
              value: `attribute:${f.id}`,
              label: `${f.name} (${t(FIELD_TYPE_LABEL[f.type])})`,
            })),
          },
        ]
      : []),
    { group: t("Other"), items: [{ value: SKIP, label: t("Don't import") }] },
  ];

  const setTarget = (i: number, value: string | null) => {
    const mapping = Array.from({ length: width }, (_, k) => draft.mapping[k] ?? "");
    mapping[i] = !value || value === SKIP ? "" : value;
    props.onChange({ mapping });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileSpreadsheet size={20} stroke={1.5} />
            <Text size="sm" fw={600} truncate data-testid="import-file-name">
              {draft.fileName}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {t("{{n}} columns", { count: width, n: width })}
            </Badge>
          </Group>
          <Button variant="subtle" size="xs" onClick={props.onChooseAnother}>
            {t("Choose another file")}
          </Button>
        </Group>
      </Paper>

      <Checkbox
        label={t("The first row holds column names (it is not imported)")}
        checked={draft.hasHeader}
        onChange={(e) => {
          const hasHeader = e.currentTarget.checked;
          props.onChange({ hasHeader, mapping: guessMapping(draft.rows, hasHeader, fields) });
        }}
      />

      <Stack gap={0}>
        <Text fw={600}>{t("Match each column to a field")}</Text>
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey={
              'Phone number is required. Columns set to "Don\'t import" are left out. <0>Create an attribute</0> for details that have no field yet.'
            }
            components={[
              <Anchor key="attributes" component={Link} to="/subscribers/attributes" size="sm" />,
            ]}
          />
        </Text>
      </Stack>

      <Stack gap="xs" data-testid="column-mapping">
        {Array.from({ length: width }, (_, i) => {
          const name = header?.[i]?.trim() || t("Column {{n}}", { n: i + 1 });
          const samples = data
            .map((r) => r[i]?.trim() ?? "")
            .filter(Boolean)
            .slice(0, 3);
          const target = draft.mapping[i] ?? "";
          const twice = target !== "" && problems.twice.has(target);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position
            <Paper key={i} withBorder p="sm" radius="md">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ flex: "1 1 220px", minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {samples.length ? samples.join(" · ") : t("No values in the first rows")}
                  </Text>
                </Stack>
                <Select
                  aria-label={t("Import {{name}} as", { name })}
                  data={options}
                  value={target || SKIP}
                  onChange={(v) => setTarget(i, v)}
                  allowDeselect={false}
                  searchable
                  nothingFoundMessage={t("No such field")}
                  error={twice ? t("Also chosen for another column") : undefined}
                  style={{ flex: "1 1 220px", maxWidth: 320 }}
                  comboboxProps={{ withinPortal: true }}
                />
              </Group>
            </Paper>
          );
        })}
      </Stack>

      {problems.needsNumber && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} data-testid="mapping-error">
          {translateMessage(IMPORT_NEEDS_NUMBER)}
        </Alert>
      )}

      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t("Preview")}
        </Text>
        <PreviewTable rows={draft.rows} hasHeader={draft.hasHeader} />
        <Text size="xs" c="dimmed">
          {t("The first rows of the file, as they will be read.")}
        </Text>
      </Stack>

      <Group justify="space-between">
        <Button variant="default" onClick={props.onChooseAnother}>
          {t("Back")}
        </Button>
        <Button
          rightSection={<IconArrowRight size={16} />}
          disabled={!ready}
          onClick={props.onNext}
        >
          {t("Next: options")}
        </Button>
      </Group>
    </Stack>
  );
}
