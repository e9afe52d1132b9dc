import { type ImportPreview, importPreview } from "../../../../domain/imports.schemas";
import { api } from "../../../lib/api-client";

/** The first rows of an uploaded file as the server reads it (workbooks, resumed uploads). */
export function getImportPreview(id: number): Promise<ImportPreview> {
  return api.get(`/api/subscribers/imports/${id}/preview`, { schema: importPreview });
}
