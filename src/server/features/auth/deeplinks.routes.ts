import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDeeplinkRequest,
  deeplinkResolveResponse,
  deeplinkRow,
  deeplinksResponse,
} from "../../../domain/sign-in.schemas";
import { type AppContext, actorOf } from "../../http/context";
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

  r.get("/api/deeplinks", { schema: { tags, response: { 200: deeplinksResponse } } }, (req) =>
    deeplinks.listDeeplinks(ctx, actorOf(req)),
  );

  r.post(
    "/api/deeplinks",
    {
      schema: { tags, body: createDeeplinkRequest, response: { 201: deeplinkRow } },
    },
    async (req, reply) =>
      reply.status(201).send(await deeplinks.createDeeplink(ctx, actorOf(req), req.body.uri)),
  );

  r.delete(
    "/api/deeplinks/:id",
    {
      schema: { tags, params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (req) => {
      await deeplinks.deleteDeeplink(ctx, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
