import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditListSchema, auditQuery, auditVerifySchema } from "../../../domain/audit";
import type { AppContext } from "../../http/context";
import * as audit from "../audit/audit.service";
import { keyActorOf as key, op } from "./v1-route";

const TAG = "Audit log";

/** The account's audit log for a key with the `audit:read` scope (an Owner's key). */
export function v1AuditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/audit",
    {
      schema: {
        ...op(
          "listAuditEvents",
          "List the account's audit events, newest first",
          TAG,
          "Filters: `actor` (a name or part of one, or an actor id), `action` (a dotted name such as `settings.update`), `from` and `to` (dates, UTC, both included); `page` and `perPage` (at most 200).",
        ),
        querystring: auditQuery,
        response: { 200: auditListSchema },
      },
    },
    (req) => audit.listAudit(ctx, key(req), req.query),
  );
  r.get(
    "/api/v1/audit/export",
    {
      schema: {
        ...op("exportAuditEvents", "The filtered audit log as CSV (at most 100,000 rows)", TAG),
        querystring: auditQuery,
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(await audit.exportAuditCsv(ctx, key(req), req.query)),
  );
  r.get(
    "/api/v1/audit/verify",
    {
      schema: {
        ...op(
          "verifyAuditChain",
          "Check the audit log's hash chain",
          TAG,
          "`ok` is false when a row was edited, removed or inserted outside Parley; `firstBroken` names the first row that does not follow from the one before.",
        ),
        response: { 200: auditVerifySchema },
      },
    },
    (req) => audit.verifyAudit(ctx, key(req)),
  );
}
