import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type ErrorBody } from "../../domain/errors";
import { TEXT } from "../../domain/texts";
import { clientFaultOf } from "./input-errors";

/** Path params that are ids: `/id`, `/accountId`. */
const ID_PARAM = /^\/(id|[a-z]+Id)$/;

/**
 * The one place errors become HTTP answers: AppError keeps its code and message, schema
 * validation becomes 400 with the schema's own (spec) message (404 for a path that names nothing),
 * malformed uploads and input the database refuses become 4xx (input-errors.ts), anything
 * unexpected becomes a 500 whose details stay in the log.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return send(reply, error.status, {
      error: {
        code: error.code,
        message: error.message,
        reason: error.reason,
        fields: error.fields,
      },
    });
  }
  if (
    hasZodFastifySchemaValidationErrors(error) &&
    error.validationContext === "params" &&
    error.validation.every((v) => ID_PARAM.test(v.instancePath))
  ) {
    // A path id that names nothing (out of range, "abc") is an unknown item, not a bad form.
    return send(reply, 404, { error: { code: "NOT_FOUND", message: "Not found" } });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const v of error.validation) {
      const key = v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
      fields[key] ??= v.message ?? "Invalid value";
    }
    const first = error.validation[0]?.message ?? "Invalid request";
    return send(reply, 400, { error: { code: "VALIDATION", message: first, fields } });
  }
  const fault = clientFaultOf(error);
  if (fault) {
    if (fault.missingValidation)
      request.log.warn({ err: error }, "database refused request input: a validation is missing");
    return send(reply, fault.status, { error: { code: fault.code, message: fault.message } });
  }
  if (isOverloaded(error)) {
    // The database gave up waiting (no free connection, a statement or a lock past its limit):
    // nothing was done, and the same request may well pass a moment later.
    request.log.warn({ err: error }, "database busy: request refused");
    reply.header("retry-after", "5");
    return send(reply, 503, { error: { code: "BUSY", message: BUSY_MESSAGE } });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return send(reply, 429, { error: { code: "RATE_LIMITED", message: error.message } });
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, payload too large, unsupported media type).
    return send(reply, status, { error: { code: "BAD_REQUEST", message: error.message } });
  }
  request.log.error({ err: error }, "unhandled error");
  return send(reply, 500, { error: { code: "INTERNAL", message: TEXT.serverError } });
}

export const BUSY_MESSAGE =
  "Parley is busy right now. Nothing was changed; please try again in a moment.";

/** PostgreSQL's codes for a statement cancelled by its timeout, a lock not had in time, an idle transaction ended. */
const BUSY_CODES = new Set(["57014", "55P03", "25P03"]);

function isOverloaded(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (!(e instanceof Error)) return false;
    if (/timeout exceeded when trying to connect/i.test(e.message)) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && BUSY_CODES.has(code)) return true;
  }
  return false;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type("application/json").send(JSON.stringify(body));
}
