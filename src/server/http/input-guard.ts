import type { FastifyInstance } from "fastify";
import { AppError } from "../../domain/errors";
import { findInputProblem, TEXT_SAFETY } from "../../domain/text-safety";

/**
 * One check of every request's path, query and JSON body, before any schema or service sees
 * it: text PostgreSQL cannot store (NUL, lone surrogates) and absurd nesting are refused with a
 * 400 naming the field, so no route has to remember it.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = findInputProblem(part);
      if (!problem) continue;
      const message =
        problem.kind === "unsafe" ? TEXT_SAFETY.unsafe(problem.field) : TEXT_SAFETY.tooDeep;
      throw new AppError("VALIDATION", message, { fields: { [problem.field]: message } });
    }
  });
}
