import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  imageRequest,
  imageResponse,
  proposeRequest,
  proposeResponse,
  shortenRequest,
  shortenResponse,
} from "../../../domain/ai";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as ai from "./ai.service";

const tags = ["ai"];

export function aiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/ai/propose",
    {
      preHandler: requireAuth,
      schema: { tags, body: proposeRequest, response: { 200: proposeResponse } },
    },
    (req) => ai.propose(ctx, authOf(req), req.body.userPrompt),
  );
  r.post(
    "/api/ai/shorten",
    {
      preHandler: requireAuth,
      schema: { tags, body: shortenRequest, response: { 200: shortenResponse } },
    },
    (req) => ai.shorten(ctx, req.body.message),
  );
  r.post(
    "/api/ai/image",
    {
      preHandler: requireAuth,
      schema: { tags, body: imageRequest, response: { 200: imageResponse } },
    },
    (req) => ai.generateImage(ctx, authOf(req), req.body.prompt),
  );
}
