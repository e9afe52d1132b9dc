import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardResponse } from "../../../domain/reports.schemas";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as dashboard from "./dashboard.service";

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/dashboard",
    {
      preHandler: requireAuth,
      schema: { tags: ["dashboard"], response: { 200: dashboardResponse } },
    },
    (req) => dashboard.dashboard(ctx, authOf(req)),
  );
}
