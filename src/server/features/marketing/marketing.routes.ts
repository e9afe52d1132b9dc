import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../domain/errors";
import {
  codeCheck,
  counterCodeParams,
  counterInfo,
  counterParams,
  drawResult,
  programIdParams,
  programInput,
  programListQuery,
  programListResponse,
  programReport,
  programResponse,
  programStatusInput,
  referralPage,
  referralParams,
  referralSignup,
  referralSignupResult,
  sendResult,
} from "../../../domain/marketing.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as counter from "./counter";
import { sendCoupon } from "./coupons";
import { drawGiveaway } from "./giveaway";
import * as programs from "./programs.service";
import * as referrals from "./referrals";
import { programReport as buildReport } from "./report.service";

const tags = ["marketing tools"];
const tooMany = () => new AppError("RATE_LIMITED", "Too many requests. Please wait a minute.");

/** The marketing tools (issue 18): programs, their actions and reports; the public pages' calls. */
export function marketingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/marketing/programs",
    { schema: { tags, querystring: programListQuery, response: { 200: programListResponse } } },
    (req) => programs.listPrograms(ctx, actorOf(req), req.query.kind),
  );
  r.post(
    "/api/marketing/programs",
    { schema: { tags, body: programInput, response: { 201: programResponse } } },
    async (req, reply) =>
      reply.status(201).send(await programs.createProgram(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/marketing/programs/:id",
    { schema: { tags, params: programIdParams, response: { 200: programResponse } } },
    (req) => programs.getProgram(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/marketing/programs/:id",
    {
      schema: {
        tags,
        params: programIdParams,
        body: programInput,
        response: { 200: programResponse },
      },
    },
    (req) => programs.updateProgram(ctx, actorOf(req), req.params.id, req.body),
  );
  r.put(
    "/api/marketing/programs/:id/status",
    {
      schema: {
        tags,
        params: programIdParams,
        body: programStatusInput,
        response: { 200: programResponse },
      },
    },
    (req) => programs.setProgramStatus(ctx, actorOf(req), req.params.id, req.body.status),
  );
  r.delete(
    "/api/marketing/programs/:id",
    { schema: { tags, params: programIdParams } },
    async (req, reply) => {
      await programs.deleteProgram(ctx, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.get(
    "/api/marketing/programs/:id/report",
    { schema: { tags, params: programIdParams, response: { 200: programReport } } },
    (req) => buildReport(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/marketing/programs/:id/send",
    { schema: { tags, params: programIdParams, response: { 200: sendResult } } },
    (req) => sendCoupon(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/marketing/programs/:id/draw",
    { schema: { tags, params: programIdParams, response: { 200: drawResult } } },
    (req) => drawGiveaway(ctx, actorOf(req), req.params.id),
  );

  // Public: the staff counter page (by the program's secret token) and the friend's page.
  const limited = {
    rateLimit: { max: 120, timeWindow: "1 minute", errorResponseBuilder: tooMany },
  };
  r.get(
    "/api/public/counter/:token",
    { schema: { tags, params: counterParams, response: { 200: counterInfo } }, config: limited },
    (req) => counter.counterInfo(ctx, req.params.token),
  );
  r.get(
    "/api/public/counter/:token/codes/:code",
    { schema: { tags, params: counterCodeParams, response: { 200: codeCheck } }, config: limited },
    (req) => counter.checkCode(ctx, req.params.token, req.params.code),
  );
  r.post(
    "/api/public/counter/:token/codes/:code/redeem",
    { schema: { tags, params: counterCodeParams, response: { 200: codeCheck } }, config: limited },
    (req) => counter.redeemCode(ctx, req.params.token, req.params.code),
  );
  r.get(
    "/api/public/referrals/:code",
    { schema: { tags, params: referralParams, response: { 200: referralPage } }, config: limited },
    (req) => referrals.referralPage(ctx, req.params.code),
  );
  r.post(
    "/api/public/referrals/:code",
    {
      schema: {
        tags,
        params: referralParams,
        body: referralSignup,
        response: { 200: referralSignupResult },
      },
      config: { rateLimit: { max: 20, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
    },
    (req) =>
      referrals.referralSignup(ctx, req.params.code, req.body, {
        ip: req.ip,
        userAgent: String(req.headers["user-agent"] ?? ""),
      }),
  );
}
