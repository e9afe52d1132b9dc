import { Alert, Button, Paper } from "@mantine/core";
import { IconAlertCircle, IconFileUpload, IconHistory } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { IMPORT_NEEDS_NUMBER } from "../../../../domain/imports.schemas";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { useImportFields } from "../api/list-import-targets";
import { useStartImport } from "../api/start-import";
import { ImportStepper } from "../components/import-stepper";
import { OptionsStep } from "../components/options-step";
import { mappingProblems } from "../lib/guess-mapping";
import { setImportDraft, useImportDraft } from "../lib/import-draft";
import { IMPORT_PATHS } from "../lib/import-paths";

/**
 * /subscribers/import/advanced-options: the options step of the import flow (groups, duplicate
 * handling, date format, opt-in attestation) for the file chosen at /subscribers/import.
 */
export default function ImportOptionsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { draft, update } = useImportDraft();
  const fields = useImportFields();
  const start = useStartImport();

  const header = (
    <PageHeader
      title={t("Import Options")}
      description={t("How the subscribers of your file are added.")}
      actions={
        <Button
          component={Link}
          to={IMPORT_PATHS.history}
          variant="default"
          leftSection={<IconHistory size={16} />}
        >
          {t("Import history")}
        </Button>
      }
    />
  );

  if (!draft) {
    return (
      <>
        {header}
        <ImportStepper active={0} />
        <Paper withBorder radius="md">
          <EmptyState
            icon={<IconFileUpload size={28} />}
            title={t("Choose a file first")}
            description={t(
              "These options apply to the file you import: choose it and match its columns, and this step follows.",
            )}
            action={{ label: t("Choose a file"), onClick: () => navigate(IMPORT_PATHS.import) }}
          />
        </Paper>
      </>
    );
  }

  const problems = mappingProblems(draft.mapping);
  if (problems.needsNumber || problems.twice.size > 0) {
    return (
      <>
        {header}
        <ImportStepper active={1} />
        <Alert
          color="orange"
          icon={<IconAlertCircle size={18} />}
          title={t("Columns to fix first")}
        >
          {problems.needsNumber
            ? translateMessage(IMPORT_NEEDS_NUMBER)
            : t("Two columns are mapped to the same field.")}
          <Button mt="sm" display="block" onClick={() => navigate(IMPORT_PATHS.import)}>
            {t("Back to the columns")}
          </Button>
        </Alert>
      </>
    );
  }

  return (
    <>
      {header}
      <ImportStepper active={2} />
      <OptionsStep
        draft={draft}
        fields={fields.data?.rows ?? []}
        starting={start.isPending}
        onChange={update}
        onBack={() => navigate(IMPORT_PATHS.import)}
        onStart={() =>
          start.mutate(
            {
              id: draft.importId,
              body: {
                mapping: draft.mapping,
                hasHeader: draft.hasHeader,
                groupIds: draft.groupIds,
                duplicates: draft.duplicates,
                dateFormat: draft.dateFormat,
                attestation: true,
              },
            },
            {
              onSuccess: (row) => {
                setImportDraft(qc, null);
                navigate(`${IMPORT_PATHS.import}?import=${row.id}`);
              },
            },
          )
        }
      />
    </>
  );
}
