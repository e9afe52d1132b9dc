import { readFileSync } from "node:fs";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { webBannerConfig, webBannerResponse } from "../../../domain/growth-tools";
import { type AppContext, actorOf } from "../../http/context";
import { serverFile } from "../../project-root";
import * as banner from "./web-banner.service";

const tags = ["web banner"];
/** The embeddable bar: plain JavaScript in a shadow root (banner.js, beside this file). */
const BANNER_JS = readFileSync(serverFile("features", "web-banner", "banner.js"), "utf8");
const accountParams = z.object({ accountName: z.string().min(1).max(100) });

export async function webBannerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/web-banner", { schema: { tags, response: { 200: webBannerResponse } } }, (req) =>
    banner.getBanner(ctx, actorOf(req)),
  );
  r.put(
    "/api/web-banner",
    { schema: { tags, body: webBannerConfig, response: { 200: webBannerResponse } } },
    (req) => banner.saveBanner(ctx, actorOf(req), req.body),
  );

  // Reached from the business's own site: CORS here only (under its own prefix, so its OPTIONS
  // route does not clash with the popup's).
  await app.register(
    async (scope) => {
      await scope.register(cors, { origin: true, methods: ["GET", "POST"], maxAge: 600 });
      const s = scope.withTypeProvider<ZodTypeProvider>();
      s.get("/embed.js", { schema: { hide: true } }, (_req, reply) =>
        reply
          .type("text/javascript; charset=utf-8")
          .header("cache-control", "public, max-age=300")
          .header("cross-origin-resource-policy", "cross-origin")
          .send(BANNER_JS),
      );
      s.get(
        "/public/:accountName",
        {
          schema: { hide: true, params: accountParams },
          config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
        },
        async (req, reply) => {
          const data = await banner.publicBanner(ctx, req.params.accountName);
          return reply
            .header("cache-control", "public, max-age=60")
            .header("cross-origin-resource-policy", "cross-origin")
            .send({ data });
        },
      );
      s.post(
        "/public/:accountName/:kind",
        {
          schema: {
            hide: true,
            params: accountParams.extend({ kind: z.enum(["view", "click"]) }),
          },
          config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
        },
        async (req, reply) => {
          await banner.countBanner(ctx, req.params.accountName, req.params.kind);
          return reply.status(204).send();
        },
      );
    },
    { prefix: "/web-banner" },
  );
}
