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
import { type AppContext, authOf } from "../../http/context";
import { requireAuth } from "../../http/session";
import * as templates from "./templates.service";

const tags = ["templates"];

export function templatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/content-status",
    { preHandler: requireAuth, schema: { tags, response: { 200: contentStatus } } },
    (req) => templates.contentStatus(ctx, authOf(req)),
  );
  r.get(
    "/api/templates/unverified-toll-free",
    {
      preHandler: requireAuth,
      schema: { tags, querystring: listTemplatesQuery, response: { 200: listTemplatesResponse } },
    },
    (req) => templates.unverifiedTollFreeTemplates(req.query),
  );
  r.post(
    "/api/templates/starter",
    {
      preHandler: requireAuth,
      schema: { tags, response: { 201: z.object({ added: z.number() }) } },
    },
    async (req, reply) =>
      reply.status(201).send(await templates.seedStarterTemplates(ctx, authOf(req))),
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
        preHandler: requireAuth,
        schema: { tags, querystring: listTemplatesQuery, response: { 200: listTemplatesResponse } },
      },
      (req) => svc.list(ctx, authOf(req), req.query),
    );
    r.get(
      `${base}/:id`,
      { preHandler: requireAuth, schema: { tags, params: idParams, response: { 200: template } } },
      (req) => svc.get(ctx, authOf(req), req.params.id),
    );
    r.post(
      base,
      {
        preHandler: requireAuth,
        schema: { tags, body: templateRequest, response: { 201: template } },
      },
      async (req, reply) => reply.status(201).send(await svc.create(ctx, authOf(req), req.body)),
    );
    r.put(
      `${base}/:id`,
      {
        preHandler: requireAuth,
        schema: { tags, params: idParams, body: templateRequest, response: { 200: template } },
      },
      (req) => svc.update(ctx, authOf(req), req.params.id, req.body),
    );
    r.delete(
      `${base}/:id`,
      { preHandler: requireAuth, schema: { tags, params: idParams } },
      async (req, reply) => {
        await svc.remove(ctx, authOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  }
}
