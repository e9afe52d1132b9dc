import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDeeplinkRequest,
  deeplinkResolveResponse,
  deeplinkRow,
  deeplinksResponse,
} from "../../../domain/sign-in.schemas";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as deeplinks from "./deeplinks.service";

const tags = ["deeplinks"];
const idParams = z.object({ id: z.string().max(64) });

/** /{deeplinkUrlId}: resolved publicly; created and deleted by the account's users. */
export function deeplinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/deeplinks/:id/uri",
    { schema: { tags, params: idParams, response: { 200: deeplinkResolveResponse } } },
    (req) => deeplinks.resolveDeeplink(ctx, req.params.id),
  );

  r.get(
    "/api/deeplinks",
    { preHandler: requireAuth, schema: { tags, response: { 200: deeplinksResponse } } },
    (req) => deeplinks.listDeeplinks(ctx, authOf(req)),
  );

  r.post(
    "/api/deeplinks",
    {
      preHandler: requireAuth,
      schema: { tags, body: createDeeplinkRequest, response: { 201: deeplinkRow } },
    },
    async (req, reply) =>
      reply.status(201).send(await deeplinks.createDeeplink(ctx, authOf(req), req.body.uri)),
  );

  r.delete(
    "/api/deeplinks/:id",
    {
      preHandler: requireAuth,
      schema: { tags, params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await deeplinks.deleteDeeplink(ctx, authOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
