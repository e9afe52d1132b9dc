import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { assertCan } from "../../../domain/permissions";
import { connectionProviderParams, connectionsResponse } from "../../../domain/webinar-connections";
import { type AppContext, actorOf } from "../../http/context";
import { redirectToService } from "../auth/webinar-sso.routes";
import * as connections from "./webinar-connections.service";

const tags = ["webinars"];

/** A business's own Zoom / GoTo account (/webinars/import): see it, connect it, disconnect it. */
export function webinarConnectionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/webinars/connections",
    { schema: { tags, response: { 200: connectionsResponse } } },
    (req) => connections.listConnections(ctx, actorOf(req)),
  );
  r.get(
    "/api/webinars/connections/:provider/start",
    {
      schema: {
        tags,
        params: connectionProviderParams,
        summary: "Start connecting Zoom or GoTo (redirects to the service)",
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      assertCan(actor, "webinars:write");
      const { provider } = req.params;
      return redirectToService(
        req,
        reply,
        ctx,
        provider,
        actor,
        `/webinars/import?provider=${provider}&connectError=1`,
      );
    },
  );
  r.delete(
    "/api/webinars/connections/:provider",
    { schema: { tags, params: connectionProviderParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await connections.disconnect(ctx, actorOf(req), req.params.provider);
      return reply.status(204).send(null);
    },
  );
}
