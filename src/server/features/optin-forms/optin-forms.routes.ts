import { readFileSync } from "node:fs";
import cors from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../../domain/errors";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  blocksResponse,
  challengeRequest,
  confirmRequest,
  optinFormInput,
  optinFormListResponse,
  optinFormResponse,
  renderRequest,
  renderResponse,
  submitRequest,
} from "../../../domain/optin-forms";
import { type AppContext, actorOf } from "../../http/context";
import { countedInBatches } from "../../http/rate-limit-store";
import { serverFile } from "../../project-root";
import * as forms from "./optin-forms.service";
import * as pub from "./optin-public.service";

const tags = ["opt-in forms"];
const tooMany = () =>
  new AppError("RATE_LIMITED", "Too many requests from this address. Please wait a minute.");
/** The embeddable popup: plain JavaScript, no framework, a shadow root (embed.js, beside this file). */
const EMBED_JS = readFileSync(serverFile("features", "optin-forms", "embed.js"), "utf8");

export async function optinFormsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/optin-forms", { schema: { tags, response: { 200: optinFormListResponse } } }, (req) =>
    forms.listForms(ctx, actorOf(req)),
  );
  r.post(
    "/api/optin-forms",
    { schema: { tags, body: optinFormInput, response: { 201: optinFormResponse } } },
    async (req, reply) =>
      reply.status(201).send(await forms.createForm(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/optin-forms/:id",
    { schema: { tags, params: idParams, response: { 200: optinFormResponse } } },
    (req) => forms.getForm(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/optin-forms/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: optinFormInput,
        response: { 200: optinFormResponse },
      },
    },
    (req) => forms.updateForm(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/optin-forms/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await forms.deleteForm(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  // The public calls, reached from any site that embeds the popup: CORS only here.
  await app.register(async (scope) => {
    // The plugin's preflight route is a wildcard: outside the popup's own paths (every /api
    // route) it must approve no origin.
    await scope.register(cors, {
      delegator: async (req: FastifyRequest) => ({
        origin: req.url.startsWith("/opt-in-forms/"),
        methods: ["POST"],
        maxAge: 600,
      }),
    });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.get("/opt-in-forms/embed.js", { schema: { hide: true } }, (_req, reply) =>
      reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .header("cross-origin-resource-policy", "cross-origin")
        .send(EMBED_JS),
    );
    s.post(
      "/opt-in-forms/public/render",
      {
        schema: { tags, body: renderRequest, response: { 200: renderResponse } },
        // JSON read by the popup's script through CORS: no page, so the page headers helmet
        // builds on every request (policies, framing) mean nothing to a browser here.
        helmet: false,
        // About 1 KB of JSON (the demo's 0.8 KB): compressing it for each visitor costs more than
        // it saves, and the popup never sends a compressed body. The script itself stays compressed.
        compress: false,
        decompress: false,
        // Every page view of a shop asks: counted in memory and shared once a second (a
        // guard against floods, where a second's lag between web processes does not matter).
        config: {
          rateLimit: {
            max: 120,
            timeWindow: "1 minute",
            errorResponseBuilder: tooMany,
            ...countedInBatches,
          },
        },
      },
      // The answer's JSON is written around the view id from text built once per form version
      // (through this response schema), so no per-request serialization.
      async (req, reply) =>
        reply
          .type("application/json; charset=utf-8")
          .header("x-content-type-options", "nosniff")
          .send((await pub.renderForm(ctx, req.body)) as never),
    );
    s.post(
      "/opt-in-forms/public/submit",
      {
        schema: { tags, body: submitRequest, response: { 200: blocksResponse } },
        config: { rateLimit: { max: 10, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
      },
      (req) => pub.submitForm(ctx, req.body, { ip: req.ip }),
    );
    s.post(
      "/opt-in-forms/public/challenge",
      {
        schema: { tags, body: challengeRequest },
        config: { rateLimit: { max: 30, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "no-store")
          .send({ data: await pub.popupChallenge(ctx, req.body.viewId) }),
    );
    s.post(
      "/opt-in-forms/public/confirm",
      {
        schema: { tags, body: confirmRequest, response: { 200: blocksResponse } },
        config: { rateLimit: { max: 20, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
      },
      (req) =>
        pub.confirmForm(ctx, req.body, {
          ip: req.ip,
          userAgent: String(req.headers["user-agent"] ?? ""),
        }),
    );
  });
}
