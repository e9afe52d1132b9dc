import type { z } from "zod";
import { translateMessage } from "../../i18n";
import { ApiError } from "../../lib/api-client";

/** The first message of each field of a failed zod parse, keyed by the field's name, in the user's language. */
export function fieldErrors<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_") as K;
    out[key] ??= translateMessage(issue.message);
  }
  return out;
}

/** What a form shows of a failed call: nothing when the failure was silent (page unloading). */
export function formErrorOf(err: unknown): string | null {
  if (err instanceof ApiError && err.extra.silent) return null;
  return translateMessage(err instanceof Error ? err.message : String(err));
}
