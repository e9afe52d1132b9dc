import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  analyticsQuery,
  analyticsResponse,
  cohortResponse,
} from "../../../domain/analytics.schemas";
import { billingSummary, invoiceRow } from "../../../domain/billing.schemas";
import {
  clicksBySubscriberResponse,
  clicksQuery,
  clickThroughResponse,
  optOutReport,
  optOutsQuery,
  reportRangeQuery,
  subscriberReport,
} from "../../../domain/growth-reports.schemas";
import { intIdParams as params } from "../../../domain/ids";
import {
  dedicatedNumber,
  listNumbersQuery,
  listNumbersResponse,
  renameNumberRequest,
} from "../../../domain/numbers.schemas";
import type { AppContext } from "../../http/context";
import * as analytics from "../analytics/analytics.service";
import * as billing from "../billing/billing.service";
import { creditsResponse } from "../credits/credits.routes";
import * as credits from "../credits/credits.service";
import * as reports from "../growth-reports/growth-reports.service";
import * as numbers from "../numbers/numbers.service";
import { keyActorOf as key, op } from "./v1-route";

/** Numbers, the reports of /reports and /analytics, and billing reads (no payment writes). */
export function v1AccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/numbers",
    {
      schema: {
        ...op("listNumbers", "List the account's sending numbers", "numbers"),
        querystring: listNumbersQuery,
        response: { 200: listNumbersResponse },
      },
    },
    (req) => numbers.listNumbers(ctx, key(req), req.query),
  );
  r.get(
    "/api/v1/numbers/:id",
    {
      schema: {
        ...op("getNumber", "Get a number with its settings and verification state", "numbers"),
        params,
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.getNumber(ctx, key(req), req.params.id),
  );
  r.patch(
    "/api/v1/numbers/:id",
    {
      schema: {
        ...op("updateNumber", "Rename a number", "numbers"),
        params,
        body: renameNumberRequest.meta({ examples: [{ name: "Front desk" }] }),
        response: { 200: dedicatedNumber },
      },
    },
    (req) => numbers.renameNumber(ctx, key(req), req.params.id, req.body.name),
  );

  const report = <Q extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    querystring: Q,
    response: z.ZodType,
    call: (actor: ReturnType<typeof key>, query: z.output<Q>) => Promise<unknown>,
  ) =>
    r.get(
      `/api/v1/reports/${path}`,
      {
        schema: {
          ...op(operationId, summary, "reports"),
          querystring,
          response: { 200: response },
        },
      },
      (req) => call(key(req), req.query as z.output<Q>),
    );
  report(
    "subscribers",
    "getSubscriberGrowthReport",
    "Subscriber growth: joins, opt-outs and net per day, by source",
    reportRangeQuery,
    subscriberReport,
    (a, q) => reports.subscriberReport(ctx, a, q),
  );
  report(
    "opt-outs",
    "getOptOutReport",
    "Opt-outs with the message that preceded each",
    optOutsQuery,
    optOutReport,
    (a, q) => reports.optOutReport(ctx, a, q),
  );
  report(
    "link-clicks/subscribers",
    "getLinkClicksBySubscriber",
    "Link clicks per subscriber",
    clicksQuery,
    clicksBySubscriberResponse,
    (a, q) => reports.clicksBySubscriber(ctx, a, q),
  );
  report(
    "link-clicks/sends",
    "getLinkClickThrough",
    "Click-through per send",
    reportRangeQuery,
    clickThroughResponse,
    (a, q) => reports.clickThrough(ctx, a, q),
  );
  report(
    "analytics",
    "getAnalyticsSummary",
    "The analytics summary: messages, deliverability, replies, subscribers over a period",
    analyticsQuery,
    analyticsResponse,
    (a, q) => analytics.analytics(ctx, a, q),
  );
  report(
    "cohorts",
    "getCohortRetention",
    "Subscriber retention by the month they joined",
    z.object({}),
    cohortResponse,
    (a) => analytics.cohortRetention(ctx, a),
  );

  r.get(
    "/api/v1/credits",
    {
      schema: {
        ...op("getCredits", "Credit balance and this period's use", "billing"),
        response: { 200: creditsResponse },
      },
    },
    (req) => credits.getCredits(ctx, key(req).accountId),
  );
  r.get(
    "/api/v1/billing/summary",
    {
      schema: {
        ...op("getBillingSummary", "Plan, period, usage and balances", "billing"),
        response: { 200: billingSummary },
      },
    },
    (req) => billing.getSummary(ctx, key(req).accountId),
  );
  r.get(
    "/api/v1/invoices",
    {
      schema: {
        ...op("listInvoices", "List invoices (payment history)", "billing"),
        response: { 200: z.object({ rows: z.array(invoiceRow) }) },
      },
    },
    (req) => billing.history(ctx, key(req)),
  );
  r.get(
    "/api/v1/invoices/:id",
    {
      schema: {
        ...op("getInvoice", "Get an invoice", "billing"),
        params,
        response: { 200: invoiceRow },
      },
    },
    (req) => billing.invoice(ctx, key(req), req.params.id),
  );
}
