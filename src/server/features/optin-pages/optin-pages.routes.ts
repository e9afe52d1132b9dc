import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  optinPageInput,
  optinPageListResponse,
  optinPageResponse,
} from "../../../domain/growth-tools";
import { intIdParams as idParams } from "../../../domain/ids";
import { publicSignupPage, signupResult, signupSubmission } from "../../../domain/signup-page";
import { type AppContext, actorOf } from "../../http/context";
import { createBotChallenge } from "../growth/bot-challenge";
import * as pages from "./optin-pages.service";

const tags = ["opt-in pages"];
const trackerParams = z.object({
  accountName: z.string().min(1).max(100),
  slug: z.string().min(1).max(60),
});
const tooMany = () =>
  new AppError("RATE_LIMITED", "Too many sign-ups from this address. Please wait a minute.");

export function optinPagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/optin-pages", { schema: { tags, response: { 200: optinPageListResponse } } }, (req) =>
    pages.listPages(ctx, actorOf(req)),
  );
  r.post(
    "/api/optin-pages",
    { schema: { tags, body: optinPageInput, response: { 201: optinPageResponse } } },
    async (req, reply) =>
      reply.status(201).send(await pages.createPage(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/optin-pages/:id",
    { schema: { tags, params: idParams, response: { 200: optinPageResponse } } },
    (req) => pages.getPage(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/optin-pages/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: optinPageInput,
        response: { 200: optinPageResponse },
      },
    },
    (req) => pages.updatePage(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/optin-pages/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await pages.deletePage(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  // Public: the tracker page, its bot challenge and its sign-up.
  r.get(
    "/api/optin/:accountName/:slug",
    {
      schema: { tags, params: trackerParams, response: { 200: publicSignupPage } },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req, reply) =>
      reply
        .header("cache-control", "no-store")
        .send(await pages.getPublicTracker(ctx, req.params.accountName, req.params.slug)),
  );
  r.get(
    "/api/optin/:accountName/:slug/challenge",
    {
      schema: { tags, params: trackerParams },
      config: { rateLimit: { max: 60, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
    },
    async (req, reply) => {
      const form = await pages.trackerChallengeForm(ctx, req.params.accountName, req.params.slug);
      return reply.header("cache-control", "no-store").send(await createBotChallenge(ctx, form));
    },
  );
  r.post(
    "/api/optin/:accountName/:slug",
    {
      schema: {
        tags,
        params: trackerParams,
        body: signupSubmission.extend({ via: z.enum(["banner", ""]).default("") }),
        response: { 200: signupResult },
      },
      config: { rateLimit: { max: 20, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
    },
    (req) =>
      pages.submitTracker(ctx, req.params.accountName, req.params.slug, req.body, {
        ip: req.ip,
        userAgent: String(req.headers["user-agent"] ?? ""),
        // The page names itself (the app sends no Referer); the header is kept for old pages.
        url: req.body.pageUrl ?? String(req.headers.referer ?? ""),
      }),
  );
}
