import type { FastifyRequest } from "fastify";
import type { SystemActor } from "../../../domain/permissions";

/** OpenAPI facts every /api/v1 operation carries: its id, a summary, the key it needs. */
export function op(operationId: string, summary: string, tag: string, description?: string) {
  return {
    operationId,
    summary,
    description,
    tags: [`API v1: ${tag}`],
    security: [{ apiKey: [] }],
  };
}

/** The API key's actor; the policy hook has refused the request before a route sees it without one. */
export function keyActorOf(request: FastifyRequest): SystemActor {
  const caller = request.apiCaller;
  if (!caller) throw new Error("keyActorOf called without an API key");
  return caller.actor;
}

/** Documented on every creating call (Idempotency-Key is read by api-auth.ts). */
export const IDEMPOTENT =
  "Send an `Idempotency-Key` header to make a retry safe: the first answer is stored for a day and replayed (with `Idempotent-Replayed: true`) for the same key and body.";
