import { z } from "zod";
import { intId } from "./ids";

/** Subscriber import (issue 5: /subscribers/import and its history). */
export const IMPORT_ATTESTATION =
  "Please confirm that every subscriber in this file agreed to receive text messages from you.";
export const IMPORT_NEEDS_NUMBER = "Map one column to the phone number";

/** An upload is a CSV, or an Excel workbook (.xlsx) whose first sheet is read, of at most: */
export const IMPORT_MAX_FILE_BYTES = 200 * 1024 * 1024;
export const IMPORT_WRONG_TYPE =
  "Only CSV and Excel (.xlsx) files can be imported. Save other spreadsheets as one of these first.";
export const IMPORT_EMPTY_FILE = "This file is empty: there are no rows to import.";
export const IMPORT_TOO_LARGE = "This file is too large: an import can be at most 200 MB.";

/**
 * How the file writes dates in date columns: month first (US, 5/14/1985) or day first
 * (14/5/1985). YYYY-MM-DD is always understood, and so are Excel's own date cells.
 */
export const IMPORT_DATE_FORMATS = ["MDY", "DMY"] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/** What a column becomes: a subscriber field, a custom field (`attribute:<id>`), or nothing (''). */
export const importTarget = z.union(
  [z.enum(["", "number", "firstName", "lastName", "email"]), z.string().regex(/^attribute:\d+$/)],
  "Unknown column mapping",
);

export const startImportRequest = z
  .object({
    /** One entry per column of the file, in order. */
    mapping: z.array(importTarget).min(1, IMPORT_NEEDS_NUMBER).max(200),
    hasHeader: z.boolean().default(true),
    groupIds: z.array(intId()).max(50).default([]),
    /** What to do with a number already in the account. */
    duplicates: z.enum(["skip", "update"]).default("skip"),
    dateFormat: z.enum(IMPORT_DATE_FORMATS, "Unknown date format").default("MDY"),
    attestation: z.literal(true, IMPORT_ATTESTATION),
  })
  .superRefine((v, ctx) => {
    if (v.mapping.filter((m) => m === "number").length !== 1) {
      ctx.addIssue({ code: "custom", path: ["mapping"], message: IMPORT_NEEDS_NUMBER });
    }
    const used = v.mapping.filter((m) => m !== "");
    const twice = used.find((m, i) => used.indexOf(m) !== i);
    if (twice)
      ctx.addIssue({
        code: "custom",
        path: ["mapping"],
        message: `Two columns are mapped to ${twice}`,
      });
  });
export type StartImportRequest = z.infer<typeof startImportRequest>;

export const importStatus = z.enum(["uploaded", "queued", "running", "finished", "failed"]);
export const subscriberImport = z.object({
  id: z.number(),
  fileName: z.string(),
  status: importStatus,
  totalRows: z.number(),
  processedRows: z.number(),
  added: z.number(),
  updated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** Download of the failed rows with a reason each, once there are any. */
  failedRowsUrl: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SubscriberImport = z.infer<typeof subscriberImport>;
/** The first rows of an uploaded file as the import job will read them (header included). */
export const importPreview = z.object({ rows: z.array(z.array(z.string())) });
export type ImportPreview = z.infer<typeof importPreview>;

export const listImportsQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const listImportsResponse = z.object({ total: z.number(), rows: z.array(subscriberImport) });
