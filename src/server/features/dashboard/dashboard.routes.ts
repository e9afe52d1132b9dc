import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardResponse } from "../../../domain/reports.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as dashboard from "./dashboard.service";

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/dashboard",
    {
      schema: { tags: ["dashboard"], response: { 200: dashboardResponse } },
    },
    (req) => dashboard.dashboard(ctx, actorOf(req)),
  );
}
