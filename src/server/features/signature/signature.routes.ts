import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signatureResponse, signatureUpdate } from "../../../domain/message-compose.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as signature from "./signature.service";

const tags = ["signature"];

/** The per-user signature of the composer and the inbox (spec doc 2 §7: get, update). */
export function signatureRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/signature", { schema: { tags, response: { 200: signatureResponse } } }, (req) =>
    signature.getSignature(ctx, actorOf(req)),
  );
  r.put(
    "/api/signature",
    {
      schema: { tags, body: signatureUpdate, response: { 200: signatureResponse } },
    },
    (req) => signature.updateSignature(ctx, actorOf(req), req.body),
  );
}
