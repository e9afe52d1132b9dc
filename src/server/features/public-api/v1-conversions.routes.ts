import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  conversionSettings,
  conversionSettingsUpdate,
  conversionsReport,
} from "../../../domain/analytics.schemas";
import { reportRangeQuery } from "../../../domain/growth-reports.schemas";
import type { AppContext } from "../../http/context";
import * as conversions from "../analytics/conversions.service";
import { keyActorOf as key, op } from "./v1-route";

const TAG = "reports";

/**
 * The Analytics screen's conversions: the report and the account's conversion key. Orders are
 * reported as the screen tells businesses to, to the public endpoint (or pixel) with that key:
 * one way in, whoever reports them.
 */
export function v1ConversionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/conversions",
    {
      schema: {
        ...op(
          "getConversionsReport",
          "Conversions and revenue credited to sends",
          TAG,
          "Of the range (the account's time zone); each order credited to the last tracked-link click inside the window.",
        ),
        querystring: reportRangeQuery,
        response: { 200: conversionsReport },
      },
    },
    (req) => conversions.conversionsReport(ctx, key(req), req.query),
  );
  r.get(
    "/api/v1/conversions/settings",
    {
      schema: {
        ...op(
          "getConversionSettings",
          "The conversion key, window, pixel and endpoint",
          TAG,
          "Report an order with `POST {endpointUrl}` and `{key, phone, value, order}` (no API key needed), or the pixel on the order page.",
        ),
        response: { 200: conversionSettings },
      },
    },
    (req) => conversions.getConversionSettings(ctx, key(req)),
  );
  r.put(
    "/api/v1/conversions/settings",
    {
      schema: {
        ...op(
          "setConversionWindow",
          "Set the conversion window",
          "settings",
          "How many days after a tracked-link click an order still counts for the send. Needs settings:write.",
        ),
        body: conversionSettingsUpdate.meta({ examples: [{ windowDays: 7 }] }),
        response: { 200: conversionSettings },
      },
    },
    (req) => conversions.setConversionWindow(ctx, key(req), req.body.windowDays),
  );
}
