import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../http/context";
import { v1GroupsRoutes } from "./v1-groups.routes";
import { v1MessagesRoutes } from "./v1-messages.routes";
import { v1SendsRoutes } from "./v1-sends.routes";
import { v1SubscribersRoutes } from "./v1-subscribers.routes";

/** The public REST API (API keys, src/server/http/api-auth.ts); every route is in policy.ts. */
export function publicApiRoutes(app: FastifyInstance, ctx: AppContext) {
  v1SubscribersRoutes(app, ctx);
  v1GroupsRoutes(app, ctx);
  v1SendsRoutes(app, ctx);
  v1MessagesRoutes(app, ctx);
}
