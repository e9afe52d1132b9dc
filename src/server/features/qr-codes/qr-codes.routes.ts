import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  qrTemplateInput,
  qrTemplateListResponse,
  qrTemplateResponse,
} from "../../../domain/growth-tools";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as qr from "./qr-codes.service";

const tags = ["qr codes"];

export function qrCodesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/qr-templates",
    { schema: { tags, response: { 200: qrTemplateListResponse } } },
    (req) => qr.listTemplates(ctx, actorOf(req)),
  );
  r.post(
    "/api/qr-templates",
    { schema: { tags, body: qrTemplateInput, response: { 201: qrTemplateResponse } } },
    async (req, reply) =>
      reply.status(201).send(await qr.createTemplate(ctx, actorOf(req), req.body)),
  );
  r.get(
    "/api/qr-templates/:id",
    { schema: { tags, params: idParams, response: { 200: qrTemplateResponse } } },
    (req) => qr.getTemplate(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/qr-templates/:id",
    {
      schema: {
        tags,
        params: idParams,
        body: qrTemplateInput,
        response: { 200: qrTemplateResponse },
      },
    },
    (req) => qr.updateTemplate(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/qr-templates/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await qr.deleteTemplate(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  // The printed code's target: counts the scan, then opens the messaging app. A page rather than
  // a bare 302 to sms:, because some in-app browsers refuse to follow a redirect to another
  // scheme; the page moves on at once (a meta refresh: the CSP allows no inline script) and keeps
  // a button for a tap.
  r.get(
    "/q/:slug",
    {
      schema: { hide: true, params: z.object({ slug: z.string().max(40) }) },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const target = /^[a-z0-9]{4,20}$/.test(req.params.slug)
        ? await qr.scan(ctx, req.params.slug)
        : null;
      reply
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex")
        .type("text/html; charset=utf-8");
      if (!target)
        return reply
          .status(404)
          .send(
            page(
              "Code not active",
              "<h1>This code is no longer active</h1><p>The business that printed it has retired it.</p>",
            ),
          );
      const href = escapeHtml(target);
      return reply.send(
        page(
          "Open Messages",
          `<h1>Opening your messages…</h1><p>Your text is ready to send. If nothing opened, tap the button.</p>
<p><a class="btn" href="${href}">Open Messages</a></p>`,
          `<meta http-equiv="refresh" content="0;url=${href}">`,
        ),
      );
    },
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, head = "") {
  return `<!doctype html><html lang="en"><head>${head}<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;text-align:center}h1{font-size:1.5rem}.btn{display:inline-block;background:#1c6fc0;color:#fff;padding:.8rem 1.4rem;border-radius:.5rem;text-decoration:none;font-weight:600}</style>
</head><body>${body}</body></html>`;
}
