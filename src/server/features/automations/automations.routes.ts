import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { validateGraph } from "../../../domain/automation-graph";
import {
  advanceClockRequest,
  automationDetail,
  automationInput,
  automationReport,
  automationStatusRequest,
  automationUpdate,
  clockResponse,
  listAutomationsQuery,
  listAutomationsResponse,
  validateGraphRequest,
  validateGraphResponse,
} from "../../../domain/automations.schemas";
import { AppError } from "../../../domain/errors";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as automations from "./automations.service";
import { advanceClock, engineNow } from "./clock";

const tags = ["automations"];
const okResponse = z.object({ ok: z.literal(true) });

export function automationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/automations",
    {
      schema: {
        tags,
        querystring: listAutomationsQuery,
        response: { 200: listAutomationsResponse },
      },
    },
    (req) => automations.listAutomations(ctx, actorOf(req), req.query.kind),
  );
  r.post(
    "/api/automations",
    { schema: { tags, body: automationInput, response: { 201: automationDetail } } },
    async (req, reply) =>
      reply.status(201).send(await automations.createAutomation(ctx, actorOf(req), req.body)),
  );
  r.post(
    "/api/automations/validate",
    { schema: { tags, body: validateGraphRequest, response: { 200: validateGraphResponse } } },
    (req) => ({ problems: validateGraph(req.body.graph) }),
  );
  r.get(
    "/api/automations/clock",
    { schema: { tags, response: { 200: clockResponse } } },
    async () => ({
      now: (await engineNow(ctx.db.$client)).toISOString(),
      movable: ctx.config.AUTOMATION_CLOCK === "movable",
    }),
  );
  r.post(
    "/api/automations/clock",
    { schema: { tags, body: advanceClockRequest, response: { 200: clockResponse } } },
    async (req) => {
      if (ctx.config.AUTOMATION_CLOCK !== "movable")
        throw new AppError("FORBIDDEN", "The automation clock moves only on a test server");
      const now = await advanceClock(ctx.db.$client, req.body.minutes * 60_000);
      return { now: now.toISOString(), movable: true };
    },
  );
  r.get(
    "/api/automations/:id",
    { schema: { tags, params: idParams, response: { 200: automationDetail } } },
    (req) => automations.getAutomation(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/automations/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: automationUpdate,
        response: { 200: automationDetail },
      },
    },
    (req) => automations.updateAutomation(ctx, actorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/automations/:id/status",
    {
      schema: {
        tags,
        params: idParams,
        body: automationStatusRequest,
        response: { 200: automationDetail },
      },
    },
    (req) => automations.setAutomationStatus(ctx, actorOf(req), req.params.id, req.body.status),
  );
  r.post(
    "/api/automations/:id/stop",
    { schema: { tags, params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await automations.stopAllRuns(ctx, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.get(
    "/api/automations/:id/report",
    { schema: { tags, params: idParams, response: { 200: automationReport } } },
    (req) => automations.automationReport(ctx, actorOf(req), req.params.id),
  );
  r.delete("/api/automations/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await automations.deleteAutomation(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
}
