import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  contentStatus,
  listTemplatesQuery,
  listTemplatesResponse,
  template,
  templateRequest,
} from "../../../domain/templates";
import { type AppContext, actorOf } from "../../http/context";
import * as templates from "./templates.service";

const tags = ["templates"];

export function templatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/content-status", { schema: { tags, response: { 200: contentStatus } } }, (req) =>
    templates.contentStatus(ctx, actorOf(req)),
  );
  r.get(
    "/api/templates/unverified-toll-free",
    {
      schema: { tags, querystring: listTemplatesQuery, response: { 200: listTemplatesResponse } },
    },
    (req) => templates.unverifiedTollFreeTemplates(req.query),
  );
  r.post(
    "/api/templates/starter",
    {
      schema: { tags, response: { 201: z.object({ added: z.number() }) } },
    },
    async (req, reply) =>
      reply.status(201).send(await templates.seedStarterTemplates(ctx, actorOf(req))),
  );

  for (const [base, svc] of [
    [
      "/api/templates",
      {
        list: templates.listTemplates,
        get: templates.getTemplate,
        create: templates.createTemplate,
        update: templates.updateTemplate,
        remove: templates.deleteTemplate,
      },
    ],
    [
      "/api/controlled-templates",
      {
        list: templates.listControlled,
        get: templates.getControlled,
        create: templates.createControlled,
        update: templates.updateControlled,
        remove: templates.deleteControlled,
      },
    ],
  ] as const) {
    r.get(
      base,
      {
        schema: { tags, querystring: listTemplatesQuery, response: { 200: listTemplatesResponse } },
      },
      (req) => svc.list(ctx, actorOf(req), req.query),
    );
    r.get(
      `${base}/:id`,
      { schema: { tags, params: idParams, response: { 200: template } } },
      (req) => svc.get(ctx, actorOf(req), req.params.id),
    );
    r.post(
      base,
      {
        schema: { tags, body: templateRequest, response: { 201: template } },
      },
      async (req, reply) => reply.status(201).send(await svc.create(ctx, actorOf(req), req.body)),
    );
    r.put(
      `${base}/:id`,
      {
        schema: { tags, params: idParams, body: templateRequest, response: { 200: template } },
      },
      (req) => svc.update(ctx, actorOf(req), req.params.id, req.body),
    );
    r.delete(`${base}/:id`, { schema: { tags, params: idParams } }, async (req, reply) => {
      await svc.remove(ctx, actorOf(req), req.params.id);
      return reply.status(204).send();
    });
  }
}
