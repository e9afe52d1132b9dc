import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  aiEngineResponse,
  imageRequest,
  imageResponse,
  proposeRequest,
  proposeResponse,
  shortenRequest,
  shortenResponse,
} from "../../../domain/ai";
import { type AppContext, actorOf } from "../../http/context";
import * as ai from "./ai.service";

const tags = ["ai"];

export function aiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/ai/engine", { schema: { tags, response: { 200: aiEngineResponse } } }, () =>
    ai.engine(ctx),
  );
  r.post(
    "/api/ai/propose",
    {
      schema: { tags, body: proposeRequest, response: { 200: proposeResponse } },
    },
    (req) => ai.propose(ctx, actorOf(req), req.body.userPrompt),
  );
  r.post(
    "/api/ai/shorten",
    {
      schema: { tags, body: shortenRequest, response: { 200: shortenResponse } },
    },
    (req) => ai.shorten(ctx, req.body.message),
  );
  r.post(
    "/api/ai/image",
    {
      schema: { tags, body: imageRequest, response: { 200: imageResponse } },
    },
    (req) => ai.generateImage(ctx, actorOf(req), req.body.prompt),
  );
}
