import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  conversionInput,
  conversionResult,
  conversionSettings,
  conversionSettingsUpdate,
  conversionsReport,
} from "../../../domain/analytics.schemas";
import { reportRangeQuery } from "../../../domain/growth-reports.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as conversions from "./conversions.service";

const tags = ["analytics"];
/** A transparent 1×1 GIF: what the pixel answers, whatever happened. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Conversion settings, the conversions report, and the business's pixel and endpoint. */
export function conversionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/analytics/conversions/settings",
    { schema: { tags, response: { 200: conversionSettings } } },
    (req) => conversions.getConversionSettings(ctx, actorOf(req)),
  );
  r.put(
    "/api/analytics/conversions/settings",
    { schema: { tags, body: conversionSettingsUpdate, response: { 200: conversionSettings } } },
    (req) => conversions.setConversionWindow(ctx, actorOf(req), req.body.windowDays),
  );
  r.get(
    "/api/analytics/conversions",
    { schema: { tags, querystring: reportRangeQuery, response: { 200: conversionsReport } } },
    (req) => conversions.conversionsReport(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/public/conversions",
    { schema: { tags, body: conversionInput, response: { 200: conversionResult } } },
    (req) => conversions.recordConversion(ctx, req.body),
  );
  r.get(
    "/api/public/conversions/pixel",
    { schema: { tags, querystring: conversionInput } },
    async (req, reply) => {
      await conversions.recordConversion(ctx, req.query);
      return reply.type("image/gif").header("cache-control", "no-store").send(GIF);
    },
  );
}
