import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  virtualPhonesResponse,
  virtualReplyRequest,
  virtualThreadResponse,
} from "../../../domain/numbers.schemas";
import { toE164 } from "../../../domain/phone";
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as phones from "./virtual-phones.service";

/** Any common US form is accepted; E.164 is what the service sees. */
const usPhone = z
  .string()
  .trim()
  .transform((value, check) => {
    const e164 = toE164(value);
    if (!e164) {
      check.addIssue({ code: "custom", message: "Invalid phone number" });
      return z.NEVER;
    }
    return e164;
  });
const phoneParams = z.object({ phone: usPhone });
/** A text from a phone that has no thread yet: the reply body plus who sends it. */
const virtualTextRequest = virtualReplyRequest.extend({ from: usPhone });
const textSent = z.object({ sid: z.string() });

/** The emulator's virtual phones page (demo mode): read what outside numbers got, text back. */
export function virtualPhonesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["virtual-phones"];

  r.get(
    "/api/virtual-phones",
    { preHandler: requireAuth, schema: { tags, response: { 200: virtualPhonesResponse } } },
    async (req) => ({ rows: await phones.listVirtualPhones(ctx, authOf(req)) }),
  );

  r.get(
    "/api/virtual-phones/:phone/messages",
    {
      preHandler: requireAuth,
      schema: { tags, params: phoneParams, response: { 200: virtualThreadResponse } },
    },
    async (req) => ({ rows: await phones.getThread(ctx, authOf(req), req.params.phone) }),
  );

  r.post(
    "/api/virtual-phones/:phone/messages",
    {
      preHandler: requireAuth,
      schema: { tags, params: phoneParams, body: virtualReplyRequest, response: { 201: textSent } },
    },
    async (req, reply) => {
      const { to, body } = req.body;
      const sent = await phones.textAccountNumber(ctx, authOf(req), {
        from: req.params.phone,
        to,
        body,
      });
      return reply.status(201).send(sent);
    },
  );

  r.post(
    "/api/virtual-phones/messages",
    {
      preHandler: requireAuth,
      schema: { tags, body: virtualTextRequest, response: { 201: textSent } },
    },
    async (req, reply) => {
      const sent = await phones.textAccountNumber(ctx, authOf(req), req.body);
      return reply.status(201).send(sent);
    },
  );
}
