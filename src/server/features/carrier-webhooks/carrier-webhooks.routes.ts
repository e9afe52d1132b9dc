import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { twilioSettings } from "../../carriers/credentials";
import {
  TWILIO_INBOUND_WEBHOOK_PATH as INBOUND_WEBHOOK_PATH,
  TWILIO_STATUS_WEBHOOK_PATH as STATUS_WEBHOOK_PATH,
} from "../../carriers/twilio-adapter";
import { type FormParams, isValidTwilioSignature } from "../../carriers/twilio-signature";
import type { AppContext } from "../../http/context";
import { applyStatusCallback } from "../messages/messages.service";
import { acceptInbound } from "./inbound.service";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The carrier's webhooks (Twilio protocol: form-encoded, X-Twilio-Signature). A bad or missing
 * signature is refused with 403 before anything is read or written.
 */
export function carrierWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const verified = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = formParams(request.body);
    const url = `${ctx.config.webhookBase}${request.url}`;
    const signature = request.headers["x-twilio-signature"];
    if (
      !isValidTwilioSignature(
        twilioSettings(ctx).authToken,
        url,
        params,
        typeof signature === "string" ? signature : undefined,
      )
    ) {
      return reply.status(403).type("text/plain").send("Invalid signature");
    }
  };

  app.post(
    INBOUND_WEBHOOK_PATH,
    // No browser reads a webhook answer: the carrier needs no security headers (saves work
    // on the busiest endpoint).
    { preHandler: verified, schema: { hide: true }, helmet: false },
    async (request, reply) => {
      const p = formParams(request.body);
      const numMedia = Number(one(p.NumMedia) || 0);
      await acceptInbound(ctx, {
        sid: one(p.MessageSid) || one(p.SmsSid),
        from: one(p.From),
        to: one(p.To),
        body: one(p.Body),
        mediaUrls: Array.from({ length: Math.min(numMedia, 10) }, (_, i) =>
          one(p[`MediaUrl${i}`]),
        ).filter(Boolean),
        segments: Number(one(p.NumSegments) || 1),
      });
      // Recorded with its work row: the ingress worker handles it. We answer through the REST
      // API, never with TwiML, so the carrier gets an empty response.
      return reply.type("text/xml").send(EMPTY_TWIML);
    },
  );

  app.post(
    STATUS_WEBHOOK_PATH,
    // No browser reads a webhook answer: the carrier needs no security headers (saves work
    // on the busiest endpoint).
    { preHandler: verified, schema: { hide: true }, helmet: false },
    async (request, reply) => {
      const p = formParams(request.body);
      const query = request.query as { m?: string };
      const messageId = query.m && /^\d+$/.test(query.m) ? Number(query.m) : undefined;
      const errorCode = one(p.ErrorCode);
      const result = await applyStatusCallback(ctx, {
        messageId,
        sid: one(p.MessageSid) || one(p.SmsSid),
        messageStatus: one(p.MessageStatus) || one(p.SmsStatus),
        errorCode: errorCode && /^\d+$/.test(errorCode) ? Number(errorCode) : null,
      });
      // Unknown messages get 404 so the carrier's log shows it; repeats and stale ones are fine (204).
      return reply.status(result === "unknown" ? 404 : 204).send();
    },
  );
}

function formParams(body: unknown): FormParams {
  return body && typeof body === "object" ? (body as FormParams) : {};
}

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
