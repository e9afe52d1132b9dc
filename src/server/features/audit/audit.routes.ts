import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditListSchema, auditQuery, auditVerifySchema } from "../../../domain/audit";
import { type AppContext, actorOf } from "../../http/context";
import * as audit from "./audit.service";

const tags = ["audit"];

/** The account's audit log: the list with its filters, the CSV, and the chain's check. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/audit",
    { schema: { tags, querystring: auditQuery, response: { 200: auditListSchema } } },
    (req) => audit.listAudit(ctx, actorOf(req), req.query),
  );
  r.get("/api/audit/export", { schema: { tags, querystring: auditQuery } }, async (req, reply) => {
    const csv = await audit.exportAuditCsv(ctx, actorOf(req), req.query);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="audit-log.csv"')
      .send(csv);
  });
  r.get("/api/audit/verify", { schema: { tags, response: { 200: auditVerifySchema } } }, (req) =>
    audit.verifyAudit(ctx, actorOf(req)),
  );
}
