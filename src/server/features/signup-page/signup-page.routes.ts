import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import {
  publicSignupPage,
  signupPageEditorResponse,
  signupPageSettings,
  signupResult,
  signupSubmission,
} from "../../../domain/signup-page";
import { type AppContext, actorOf } from "../../http/context";
import { createBotChallenge } from "../growth/bot-challenge";
import * as pages from "./signup-page.service";

const tags = ["sign-up page"];
const accountParams = z.object({ accountName: z.string().min(1).max(100) });
const tooMany = () =>
  new AppError("RATE_LIMITED", "Too many sign-ups from this address. Please wait a minute.");

export function signupPageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/signup-page",
    { schema: { tags, response: { 200: signupPageEditorResponse } } },
    (req) => pages.getEditorPage(ctx, actorOf(req)),
  );
  r.put(
    "/api/signup-page",
    { schema: { tags, body: signupPageSettings, response: { 200: signupPageEditorResponse } } },
    (req) => pages.saveEditorPage(ctx, actorOf(req), req.body),
  );

  // Public: the page itself, its bot challenge, and the sign-up.
  r.get(
    "/api/subscribe/:accountName",
    { schema: { tags, params: accountParams, response: { 200: publicSignupPage } } },
    (req) => pages.getPublicPage(ctx, req.params.accountName),
  );
  r.get(
    "/api/subscribe/:accountName/challenge",
    {
      schema: { tags, params: accountParams },
      config: { rateLimit: { max: 60, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
    },
    async (req, reply) => {
      const form = await pages.signupChallengeForm(ctx, req.params.accountName);
      return reply.header("cache-control", "no-store").send(await createBotChallenge(ctx, form));
    },
  );
  r.post(
    "/api/subscribe/:accountName",
    {
      schema: {
        tags,
        params: accountParams,
        body: signupSubmission,
        response: { 200: signupResult },
      },
      config: { rateLimit: { max: 20, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
    },
    (req) =>
      pages.submitSignup(ctx, req.params.accountName, req.body, {
        ip: req.ip,
        userAgent: String(req.headers["user-agent"] ?? ""),
        // The page names itself (the app sends no Referer); the header is kept for old pages.
        url: req.body.pageUrl ?? String(req.headers.referer ?? ""),
      }),
  );
}
