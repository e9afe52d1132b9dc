import { Alert, Anchor, Button, Group, List, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconFileSpreadsheet, IconUpload, IconX } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  IMPORT_EMPTY_FILE,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_TOO_LARGE,
  IMPORT_WRONG_TYPE,
} from "../../../../domain/imports.schemas";
import { FileDrop, type FileRejection } from "../../../components/file-drop/file-drop";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { getImportPreview } from "../api/get-import-preview";
import { useImportFields } from "../api/list-import-targets";
import { uploadImport } from "../api/upload-import";
import { guessMapping, looksLikeHeader } from "../lib/guess-mapping";
import { setImportDraft } from "../lib/import-draft";
import { ACCEPT, checkFile, fileSizeText, readCsvPreview } from "../lib/read-file";
import { PreviewTable } from "./preview-table";

const SAMPLE =
  "Phone Number,First Name,Last Name,Email\n(212) 555-0123,Ann,Lee,ann@example.com\n310-555-0177,Bob,Diaz,\n";

/** A small CSV to start from, made in the browser. */
function downloadSample() {
  const url = URL.createObjectURL(new Blob([SAMPLE], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "parley-import-sample.csv";
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Step 1: a CSV or XLSX by drag and drop or the file picker. A CSV is previewed in the browser at
 * once; the file is uploaded straight away (a workbook is previewed from what the server read).
 */
export function UploadStep() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fields = useImportFields();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ name: string; size: number; rows: string[][] | null } | null>(
    null,
  );
  const openRef = useRef<() => void>(null);

  const take = async (file: File) => {
    setError(null);
    const check = checkFile(file);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setBusy({ name: file.name, size: file.size, rows: null });
    try {
      let rows: string[][] | null = null;
      if (check.kind === "csv") {
        rows = await readCsvPreview(file);
        if (rows.length === 0) throw new Error(translateMessage(IMPORT_EMPTY_FILE));
        setBusy({ name: file.name, size: file.size, rows });
      }
      const uploaded = await uploadImport(file);
      if (!rows) rows = (await getImportPreview(uploaded.id)).rows;
      const hasHeader = looksLikeHeader(rows);
      setImportDraft(qc, {
        importId: uploaded.id,
        fileName: uploaded.fileName,
        rows,
        hasHeader,
        mapping: guessMapping(rows, hasHeader, fields.data?.rows ?? []),
        groupIds: [],
        duplicates: "skip",
        dateFormat: "MDY",
        attested: false,
      });
    } catch (err) {
      setError(
        err instanceof ApiError || err instanceof Error
          ? translateMessage(err.message)
          : String(err),
      );
      setBusy(null);
    }
  };

  const rejected = (files: FileRejection[]) => {
    const first = files[0];
    if (!first) return;
    const code = first.errors[0]?.code;
    setError(
      code === "file-too-large"
        ? translateMessage(IMPORT_TOO_LARGE)
        : code === "too-many-files"
          ? t("Drop one file at a time.")
          : translateMessage(IMPORT_WRONG_TYPE),
    );
  };

  return (
    <Stack gap="md">
      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t("This file cannot be imported")}
          withCloseButton
          closeButtonLabel={t("Dismiss")}
          onClose={() => setError(null)}
          data-testid="upload-error"
        >
          {error}
        </Alert>
      )}
      <FileDrop
        openRef={openRef}
        onDrop={(files) => files[0] && void take(files[0])}
        onReject={rejected}
        accept={ACCEPT}
        maxSize={IMPORT_MAX_FILE_BYTES}
        multiple={false}
        loading={busy !== null}
        activateOnClick={busy === null}
        aria-label={t("Upload a CSV or Excel file")}
        p="xl"
      >
        <Stack align="center" gap={6} mih={150} justify="center" style={{ pointerEvents: "none" }}>
          <FileDrop.Accept>
            <IconUpload size={44} stroke={1.5} color="var(--mantine-color-brand-6)" />
          </FileDrop.Accept>
          <FileDrop.Reject>
            <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
          </FileDrop.Reject>
          <FileDrop.Idle>
            <IconFileSpreadsheet size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </FileDrop.Idle>
          <Text size="lg" fw={600} ta="center">
            {t("Drag a CSV or Excel file here")}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t("or click to choose one: .csv or .xlsx, up to 200 MB")}
          </Text>
        </Stack>
      </FileDrop>

      {busy && (
        <Paper withBorder p="md" radius="md">
          <Group gap="sm" mb={busy.rows ? "sm" : 0} wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm" style={{ minWidth: 0 }} truncate>
              <Trans
                t={t}
                i18nKey="Uploading <0>{{name}}</0> ({{size}})…"
                values={{ name: busy.name, size: fileSizeText(busy.size) }}
                components={[<b key="name" />]}
              />
            </Text>
          </Group>
          {busy.rows && <PreviewTable rows={busy.rows} hasHeader={looksLikeHeader(busy.rows)} />}
        </Paper>
      )}

      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)">
        <Text fw={600} size="sm" mb={6}>
          {t("What the file should hold")}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t("One subscriber per row; the first row may name the columns.")}</List.Item>
          <List.Item>
            {t(
              "A column of phone numbers (US or Canada mobiles, in any common format) is required.",
            )}
          </List.Item>
          <List.Item>
            {t(
              "First name, last name, e-mail and your attributes are optional; you choose which column is which in the next step.",
            )}
          </List.Item>
          <List.Item>{t("From an Excel workbook, the first worksheet is imported.")}</List.Item>
        </List>
        <Group gap="md" mt="sm">
          <Anchor component="button" type="button" size="sm" onClick={downloadSample}>
            {t("Download a sample CSV")}
          </Anchor>
          <Button
            variant="default"
            size="xs"
            onClick={() => openRef.current?.()}
            disabled={busy !== null}
          >
            {t("Choose a file")}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
