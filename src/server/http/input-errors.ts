import type { ErrorCode } from "../../domain/errors";

/**
 * Errors that come from a malformed request but reach the error handler without a status:
 * the multipart parser's (busboy throws plain Errors) and PostgreSQL's data exceptions. Each
 * becomes a client error here; the database ones are still logged, since each is a validation
 * some schema is missing.
 */

export interface ClientFault {
  status: number;
  code: ErrorCode;
  message: string;
  /** A PostgreSQL error that input reached: a validation is missing somewhere. */
  missingValidation?: boolean;
}

export const INPUT_ERROR_TEXT = {
  notMultipart: "Send the file as multipart/form-data.",
  badMultipart: "The upload is not a valid multipart/form-data request (check its boundary).",
  badValue: "A value in the request is not valid.",
  outOfRange: "A number in the request is out of range.",
  badText: "The request contains text that cannot be saved.",
  duplicate: "That already exists.",
  missingReference: "The request refers to something that does not exist.",
} as const;

const T = INPUT_ERROR_TEXT;

/** Messages of @fastify/busboy (and its dicer and streamsearch) for a body it cannot parse. */
const MULTIPART_MESSAGES = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unsupported Content-Type\.?$/,
  /^The needle cannot (be an empty|have a length bigger)/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed/,
];

export function clientFaultOf(error: unknown): ClientFault | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
    return { status: 400, code: "BAD_REQUEST", message: T.notMultipart };
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === undefined && MULTIPART_MESSAGES.some((re) => re.test(error.message)))
    return { status: 400, code: "BAD_REQUEST", message: T.badMultipart };
  return pgFaultOf(error);
}

/** drizzle wraps the driver's error (DrizzleQueryError.cause); look through one level. */
function pgFaultOf(error: Error): ClientFault | null {
  const pg = sqlStateOf(error) ? error : error.cause instanceof Error ? error.cause : null;
  const state = pg ? sqlStateOf(pg) : null;
  if (!state) return null;
  const fault = (status: number, code: ErrorCode, message: string): ClientFault => ({
    status,
    code,
    message,
    missingValidation: true,
  });
  if (state === "22003") return fault(400, "VALIDATION", T.outOfRange);
  if (state === "22021" || state === "22P05") return fault(400, "VALIDATION", T.badText);
  // Class 22: data exceptions (invalid text representation, bad dates, too long…).
  if (state.startsWith("22")) return fault(400, "VALIDATION", T.badValue);
  if (state === "23505") return fault(409, "CONFLICT", T.duplicate);
  if (state === "23503") return fault(400, "VALIDATION", T.missingReference);
  if (state === "23502" || state === "23514") return fault(400, "VALIDATION", T.badValue);
  return null;
}

function sqlStateOf(error: Error): string | null {
  const code = (error as { code?: unknown }).code;
  // SQLSTATEs are five characters; pg's errors also carry a severity.
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return null;
  return "severity" in error ? code : null;
}
