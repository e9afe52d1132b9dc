import { Button, Paper, Skeleton, Stack } from "@mantine/core";
import { IconFileOff, IconHistory } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { discardImport } from "../api/discard-import";
import { getImport, useImport } from "../api/get-import";
import { getImportPreview } from "../api/get-import-preview";
import { useImportFields } from "../api/list-import-targets";
import { ImportProgress } from "../components/import-progress";
import { ImportStepper } from "../components/import-stepper";
import { MappingStep } from "../components/mapping-step";
import { UploadStep } from "../components/upload-step";
import { guessMapping, looksLikeHeader } from "../lib/guess-mapping";
import { setImportDraft, useImportDraft } from "../lib/import-draft";
import { IMPORT_PATHS } from "../lib/import-paths";
import { isImportActive } from "../lib/import-status";

/**
 * /subscribers/import: upload a file, map its columns (then the options step at
 * /subscribers/import/advanced-options), and with ?import=<id> watch an import run.
 * ?resume=<id> picks up an upload that was never started (from the history).
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const importId = Number(params.get("import")) || null;
  const resumeId = Number(params.get("resume")) || null;
  const { draft, update } = useImportDraft();
  const fields = useImportFields();
  const running = useImport(importId);
  const [resuming, setResuming] = useState(false);

  // An upload left before its start (listed as "Not started"): read its first rows again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per resumed id; the field list only refines the guess
  useEffect(() => {
    if (!resumeId) return;
    let cancelled = false;
    setResuming(true);
    Promise.all([getImport(resumeId), getImportPreview(resumeId)])
      .then(([row, preview]) => {
        if (cancelled) return;
        if (row.status !== "uploaded") {
          navigate(`${IMPORT_PATHS.import}?import=${row.id}`, { replace: true });
          return;
        }
        const hasHeader = looksLikeHeader(preview.rows);
        setImportDraft(qc, {
          importId: row.id,
          fileName: row.fileName,
          rows: preview.rows,
          hasHeader,
          mapping: guessMapping(preview.rows, hasHeader, fields.data?.rows ?? []),
          groupIds: [],
          duplicates: "skip",
          dateFormat: "MDY",
          attested: false,
        });
        setParams({}, { replace: true });
      })
      .catch((err: Error) => {
        if (cancelled) return;
        notify.error(translateMessage(err.message));
        setParams({}, { replace: true });
      })
      .finally(() => !cancelled && setResuming(false));
    return () => {
      cancelled = true;
    };
  }, [resumeId]);

  // An import that never started has nothing to watch: its columns are still to be mapped.
  useEffect(() => {
    if (running.data?.status === "uploaded")
      navigate(`${IMPORT_PATHS.import}?resume=${running.data.id}`, { replace: true });
  }, [running.data, navigate]);

  const chooseAnother = () => {
    // The abandoned upload is forgotten on the server too (best effort).
    if (draft) void discardImport(draft.importId).catch(() => {});
    setImportDraft(qc, null);
  };

  const header = (
    <PageHeader
      title={t("Import Subscribers")}
      description={t("Add many subscribers at once from a CSV or Excel file.")}
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

  if (importId) {
    return (
      <>
        {header}
        <ImportStepper active={running.data && !isImportActive(running.data.status) ? 4 : 3} />
        {running.isPending ? (
          <Stack gap="sm">
            <Skeleton height={90} />
            <Skeleton height={70} />
          </Stack>
        ) : running.isError || !running.data ? (
          <Paper withBorder radius="md">
            <EmptyState
              icon={<IconFileOff size={28} />}
              title={t("Import not found")}
              description={t(
                "This import does not exist in this account. Its history lists every import you made.",
              )}
              action={{
                label: t("Open import history"),
                onClick: () => navigate(IMPORT_PATHS.history),
              }}
            />
          </Paper>
        ) : (
          <ImportProgress
            row={running.data}
            onImportAnother={() => {
              setImportDraft(qc, null);
              navigate(IMPORT_PATHS.import);
            }}
          />
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <ImportStepper active={draft ? 1 : 0} />
      {resuming ? (
        <Stack gap="sm">
          <Skeleton height={60} />
          <Skeleton height={180} />
        </Stack>
      ) : draft ? (
        <MappingStep
          draft={draft}
          fields={fields.data?.rows ?? []}
          onChange={update}
          onChooseAnother={chooseAnother}
          onNext={() => navigate(IMPORT_PATHS.options)}
        />
      ) : (
        <UploadStep />
      )}
    </>
  );
}
