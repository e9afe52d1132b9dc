import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors";

/** The operator's routes (/ops/…) answer to the OPERATOR_TOKEN bearer alone. */
export function assertOperator(req: FastifyRequest, token: string): void {
  const given = Buffer.from(String(req.headers.authorization ?? ""));
  const wanted = Buffer.from(`Bearer ${token}`);
  if (!(given.length === wanted.length && timingSafeEqual(given, wanted)))
    throw new AppError("UNAUTHENTICATED", "The operator token is missing or wrong.");
}
