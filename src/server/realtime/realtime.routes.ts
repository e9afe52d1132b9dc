import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppContext, actorOf } from "../http/context";
import { attachRealtime } from "./realtime";
import { createRealtimeToken } from "./realtime-token";

const tokenResponse = z.object({ token: z.string() });

/** The socket server on this HTTP server, and the short-lived token a browser opens it with. */
export function realtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  attachRealtime(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/realtime/token",
    { schema: { tags: ["realtime"], response: { 200: tokenResponse } } },
    async (req, reply) => {
      const auth = actorOf(req);
      reply.header("cache-control", "no-store");
      return { token: createRealtimeToken(ctx.config, auth, ctx.clock.now().getTime()) };
    },
  );
}
