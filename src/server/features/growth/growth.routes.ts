import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { growthOverview } from "../../../domain/growth-tools";
import { type AppContext, actorOf } from "../../http/context";
import * as overview from "./growth-overview.service";

/** The growth tools' overview (each tool's routes are its own feature's). */
export function growthRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/growth/overview",
      { schema: { tags: ["growth"], response: { 200: growthOverview } } },
      (req) => overview.growthOverview(ctx, actorOf(req)),
    );
}
