import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditListSchema, auditQuery, auditVerifySchema } from "../../../domain/audit";
import { subscriberExport } from "../../../domain/exports.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as exportsService from "../subscriber-exports/exports.service";
import * as audit from "./audit.service";

const tags = ["audit"];

/** The account's audit log: the list with its filters, its CSV export, and the chain's check. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/audit",
    { schema: { tags, querystring: auditQuery, response: { 200: auditListSchema } } },
    (req) => audit.listAudit(ctx, actorOf(req), req.query),
  );
  // An export: written by the export job, listed in Export History.
  r.post(
    "/api/audit/export",
    { schema: { tags, querystring: auditQuery, response: { 201: subscriberExport } } },
    async (req, reply) => {
      const auth = actorOf(req);
      audit.assertCanExport(auth);
      const { page: _p, perPage: _pp, ...filter } = req.query;
      return reply
        .status(201)
        .send(await exportsService.startExport(ctx, auth, "audit-log", filter));
    },
  );
  r.get("/api/audit/verify", { schema: { tags, response: { 200: auditVerifySchema } } }, (req) =>
    audit.verifyAudit(ctx, actorOf(req)),
  );
}
