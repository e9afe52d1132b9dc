import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams as params } from "../../../domain/ids";
import { messageFormSchema } from "../../../domain/message-form.schemas";
import { audienceRequest, audienceResponse } from "../../../domain/send-audience";
import { type AppContext, actorOf } from "../../http/context";
import * as sends from "./sends.service";

const sendAnswer = z.object({
  id: z.number(),
  status: z.enum(["scheduled", "running"]),
  nextRunAt: z.string().nullable(),
  recipients: z.number(),
});

/** sendMessage of spec doc 2 §7, and the scheduled send's edit and cancel. */
export function sendsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/sends",
    {
      schema: { tags: ["sends"], body: messageFormSchema, response: { 201: sendAnswer } },
    },
    async (req, reply) => {
      const created = await sends.createSend(ctx, actorOf(req), req.body);
      return reply.code(201).send(created);
    },
  );
  // Who the composer's send would reach now, and why the others are left out (POST: long id lists).
  r.post(
    "/api/sends/audience",
    {
      schema: { tags: ["sends"], body: audienceRequest, response: { 200: audienceResponse } },
    },
    (req) => sends.previewAudience(ctx, actorOf(req), req.body),
  );
  r.get(
    "/api/sends/:id",
    {
      schema: {
        tags: ["sends"],
        params,
        response: {
          200: z.object({
            id: z.number(),
            form: z.record(z.string(), z.unknown()),
            status: z.string(),
            nextRunAt: z.string().nullable(),
            runCount: z.number(),
          }),
        },
      },
    },
    (req) => sends.getSend(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/sends/:id",
    {
      schema: { tags: ["sends"], params, body: messageFormSchema, response: { 200: sendAnswer } },
    },
    (req) => sends.updateSend(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    "/api/sends/:id",
    {
      schema: {
        tags: ["sends"],
        params,
        response: { 200: z.object({ id: z.number(), status: z.literal("cancelled") }) },
      },
    },
    (req) => sends.cancelSend(ctx, actorOf(req), req.params.id),
  );
}
