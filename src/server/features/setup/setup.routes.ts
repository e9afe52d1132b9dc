import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { setupLinkResponse, setupRequest, setupResponse } from "../../../domain/setup.schemas";
import type { AppContext } from "../../http/context";
import { clientOf } from "../auth/device-cookie";
import { authRateLimit } from "../auth/rate-limit";
import { applyOutcome } from "../auth/sign-in.routes";
import { checkSetupLink, completeSetup } from "./setup.service";

const tags = ["auth"];
const params = z.object({ token: z.string().trim().max(200) });

/** /setup/<token>: the first owner of a fresh install, by the link printed at start. */
export function setupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/setup/:token",
    {
      schema: { tags, params, response: { 200: setupLinkResponse } },
      config: { rateLimit: authRateLimit(ctx, 30) },
    },
    async (req) => {
      const { expiresAt } = await checkSetupLink(ctx, req.params.token);
      return { ok: true as const, expiresAt: expiresAt.toISOString() };
    },
  );
  r.post(
    "/api/setup/:token",
    {
      schema: { tags, params, body: setupRequest, response: { 200: setupResponse } },
      config: { rateLimit: authRateLimit(ctx, 10) },
    },
    async (req, reply) => {
      const client = clientOf(req, reply, ctx, req.body.deviceId);
      const { accountName, outcome } = await completeSetup(ctx, req.params.token, req.body, client);
      applyOutcome(reply, req, ctx, outcome);
      return { ok: true as const, accountName, signedIn: outcome.kind === "session" };
    },
  );
}
