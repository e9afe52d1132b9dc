import type { JobDefinition } from "../../jobs/boss";
import { runImport } from "./import-runner";
import { IMPORT_JOB } from "./imports.service";

/** Runs one subscriber import (queued by startImport) to the end. */
export const subscribersImportJob: JobDefinition = {
  name: IMPORT_JOB,
  async handler(ctx, data) {
    const importId = (data as { importId?: unknown } | undefined)?.importId;
    if (typeof importId === "number") await runImport(ctx, importId);
  },
};
