import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import {
  createLinkRequest,
  link,
  linkTagsResponse,
  listLinksQuery,
  listLinksResponse,
  patchLinkRequest,
  reviewLinksResponse,
} from "../../../domain/links";
import { type AppContext, actorOf } from "../../http/context";
import * as links from "./links.service";

const tags = ["links"];

export function linksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/links",
    {
      schema: { tags, querystring: listLinksQuery, response: { 200: listLinksResponse } },
    },
    (req) => links.listLinks(ctx, actorOf(req), req.query),
  );
  r.get("/api/links/tags", { schema: { tags, response: { 200: linkTagsResponse } } }, (req) =>
    links.listTags(ctx, actorOf(req)),
  );
  r.get(
    "/api/links/review-links",
    {
      schema: {
        tags,
        querystring: z.object({
          query: z.string().trim().max(200).default(""),
          page: z.coerce.number().int().min(0).default(0),
          pageSize: z.coerce.number().int().min(1).max(25).default(25),
        }),
        response: { 200: reviewLinksResponse },
      },
    },
    (req) => links.searchReviewLinks(ctx, req.query),
  );
  r.get("/api/links/:id", { schema: { tags, params: idParams, response: { 200: link } } }, (req) =>
    links.getLink(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/links",
    { schema: { tags, body: createLinkRequest, response: { 201: link } } },
    async (req, reply) =>
      reply.status(201).send(await links.createLink(ctx, actorOf(req), req.body)),
  );
  r.patch(
    "/api/links/:id",
    {
      schema: { tags, params: idParams, body: patchLinkRequest, response: { 200: link } },
    },
    (req) => links.patchLinkTags(ctx, actorOf(req), req.params.id, req.body.tags),
  );

  // Public short links: /l/{code} and /l/{code}/{recipient key} (links.service recipientKey).
  const publicParams = z.object({
    code: z.string(),
    recipient: z.string().max(40).optional(),
  });
  const follow = async (
    req: { params: z.infer<typeof publicParams>; query: unknown; headers: Record<string, unknown> },
    reply: FastifyReply,
  ) => {
    const { code, recipient } = req.params;
    const found = /^[A-Za-z0-9]{4,20}$/.test(code)
      ? await links.followLink(ctx, code, recipient, String(req.headers["user-agent"] ?? ""))
      : undefined;
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
    if (!found) {
      return reply.status(404).type("text/html; charset=utf-8").send(page("Not Found", NOT_FOUND));
    }
    const confirmed = (req.query as { confirmed?: string }).confirmed === "1";
    if (found.link.ageCheck && !confirmed) {
      return reply.type("text/html; charset=utf-8").send(page("Age Verification", ageCheck()));
    }
    // A link made with tracking off only redirects.
    if (found.link.trackingEnabled) await found.record();
    return reply.redirect(found.destination, 302);
  };
  const publicSchema = { hide: true, params: publicParams };
  r.get("/l/:code", { schema: publicSchema }, follow);
  r.get("/l/:code/:recipient", { schema: publicSchema }, follow);
}

const NOT_FOUND = `<h1>Not Found</h1><p>This link does not exist or is no longer available.</p>`;

function ageCheck() {
  return `<h1>Are you 21 or older?</h1>
<p>You must be of legal age to view this content.</p>
<p><a class="btn" href="?confirmed=1">Yes, I am 21 or older</a></p>
<p><a href="about:blank">No, take me back</a></p>`;
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;text-align:center}h1{font-size:1.5rem}a{color:#1c7ed6}.btn{display:inline-block;background:#1c7ed6;color:#fff;padding:.7rem 1.2rem;border-radius:.4rem;text-decoration:none;font-weight:600}</style>
</head><body>${body}</body></html>`;
}
