import type { FastifyInstance } from "fastify";
import { twilioSettings } from "../../carriers/credentials";
import { type FormParams, isValidTwilioSignature } from "../../carriers/twilio-signature";
import type { AppContext } from "../../http/context";
import { applyCallStatus, VOICE_STATUS_PATH } from "./voice.service";

/**
 * Twilio's call status callbacks (queued, ringing, in-progress, completed, busy, no-answer,
 * failed), signed with X-Twilio-Signature: a bad signature is refused before anything is read.
 */
export function voiceWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(VOICE_STATUS_PATH, { schema: { hide: true }, helmet: false }, async (req, reply) => {
    const params = (req.body && typeof req.body === "object" ? req.body : {}) as FormParams;
    const signature = req.headers["x-twilio-signature"];
    const url = `${ctx.config.webhookBase}${req.url}`;
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
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
    const c = (req.query as { c?: string }).c;
    const duration = one(params.CallDuration);
    const result =
      c && /^\d{1,15}$/.test(c)
        ? await applyCallStatus(ctx, {
            callId: Number(c),
            sid: one(params.CallSid) || null,
            status: one(params.CallStatus),
            durationSeconds: /^\d+$/.test(duration) ? Number(duration) : null,
          })
        : "unknown";
    return reply.status(result === "unknown" ? 404 : 204).send();
  });
}
