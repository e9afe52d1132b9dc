import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { isFreshTelnyxTimestamp, telnyxStatusToTwilio } from "../../../domain/telnyx";
import type { TelnyxSettings } from "../../carriers/credentials";
import { TELNYX_WEBHOOK_PATH } from "../../carriers/telnyx-adapter";
import { isValidTelnyxSignature, telnyxPublicKey } from "../../carriers/telnyx-signature";
import type { AppContext } from "../../http/context";
import { applyStatusCallback } from "../messages/messages.service";
import { acceptInbound } from "./inbound.service";

const phone = z.object({ phone_number: z.string().min(1), status: z.string().optional() });

/** The parts of a Telnyx messaging event Parley reads (API v2 webhook, `data.payload` a message). */
const telnyxEvent = z.object({
  data: z.object({
    event_type: z.string(),
    payload: z.object({
      id: z.string().min(1),
      from: phone,
      to: z.array(phone).min(1),
      text: z.string().nullish(),
      media: z.array(z.object({ url: z.string() })).nullish(),
      parts: z.number().int().nullish(),
      webhook_url: z.string().nullish(),
      errors: z
        .array(
          z.object({
            code: z.union([z.string(), z.number()]).optional(),
            title: z.string().optional(),
            detail: z.string().optional(),
          }),
        )
        .nullish(),
    }),
  }),
});

/**
 * Telnyx's messaging webhooks: JSON, signed with Ed25519 over `${timestamp}|${raw body}`. The
 * signature is checked on the exact bytes received (so this scope keeps the body as text), and a
 * timestamp more than five minutes away is refused as a replay, before anything is read or
 * written. message.received is recorded through the same ingress as Twilio's (its work handled
 * by the ingress worker, STOP/HELP first);
 * message.sent and message.finalized move the message's status through the same service.
 */
export function telnyxWebhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  settings: TelnyxSettings,
) {
  const publicKey = telnyxPublicKey(settings.publicKey);
  void app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) =>
      done(null, body),
    );

    scope.post(
      TELNYX_WEBHOOK_PATH,
      // No browser reads a webhook answer: the carrier needs no security headers.
      { schema: { hide: true }, helmet: false },
      async (request, reply) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const timestamp = header(request, "telnyx-timestamp");
        if (
          !isValidTelnyxSignature(
            publicKey,
            timestamp,
            raw,
            header(request, "telnyx-signature-ed25519"),
          )
        )
          return reply.status(403).type("text/plain").send("Invalid signature");
        if (!isFreshTelnyxTimestamp(timestamp, ctx.clock.now().getTime()))
          return reply.status(403).type("text/plain").send("Stale timestamp");

        let parsed: z.infer<typeof telnyxEvent>;
        try {
          const result = telnyxEvent.safeParse(JSON.parse(raw));
          if (!result.success) {
            // Signed but not a message event Parley reads (a profile or number event): fine.
            return reply.status(204).send();
          }
          parsed = result.data;
        } catch {
          return reply.status(400).type("text/plain").send("The body is not JSON.");
        }
        const { event_type: eventType, payload } = parsed.data;

        if (eventType === "message.received") {
          await acceptInbound(ctx, {
            sid: payload.id,
            from: payload.from.phone_number,
            to: payload.to[0]!.phone_number,
            body: payload.text ?? "",
            mediaUrls: (payload.media ?? []).map((m) => m.url).slice(0, 10),
            segments: payload.parts ?? 1,
          });
          return reply.status(200).send({});
        }

        if (eventType === "message.sent" || eventType === "message.finalized") {
          const status = telnyxStatusToTwilio(payload.to[0]!.status ?? "", payload.errors ?? []);
          if (!status) return reply.status(204).send();
          const messageId = messageIdOf(request.query as { m?: string }, payload.webhook_url);
          if (messageId === "conflict") return reply.status(404).send();
          const result = await applyStatusCallback(ctx, {
            messageId,
            sid: payload.id,
            messageStatus: status.messageStatus,
            errorCode: status.errorCode,
          });
          // Unknown messages get 404 so the carrier's log shows it; repeats and stale ones are fine.
          return reply.status(result === "unknown" ? 404 : 204).send();
        }
        return reply.status(204).send();
      },
    );
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Our message id: the `m` of the webhook URL we sent with the message. Telnyx echoes that URL
 * inside the signed payload, so the signed one wins; a query naming another message is refused
 * (a signed body replayed at another message's URL).
 */
function messageIdOf(
  query: { m?: string },
  signedUrl: string | null | undefined,
): number | undefined | "conflict" {
  const idOf = (v: string | null | undefined) =>
    v && /^\d{1,15}$/.test(v) ? Number(v) : undefined;
  const fromQuery = idOf(query.m);
  let fromSigned: number | undefined;
  if (signedUrl) {
    try {
      fromSigned = idOf(new URL(signedUrl).searchParams.get("m"));
    } catch {
      fromSigned = undefined;
    }
  }
  if (fromSigned !== undefined && fromQuery !== undefined && fromSigned !== fromQuery)
    return "conflict";
  return fromSigned ?? fromQuery;
}
