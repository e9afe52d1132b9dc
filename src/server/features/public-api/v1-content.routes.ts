import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bigIdParams } from "../../../domain/ids";
import {
  createLinkRequest,
  link,
  listLinksQuery,
  listLinksResponse,
  patchLinkRequest,
} from "../../../domain/links";
import { UPLOAD_MAX_BYTES, uploadResponse } from "../../../domain/message-compose.schemas";
import {
  listTemplatesQuery,
  listTemplatesResponse,
  template,
  templateRequest,
} from "../../../domain/templates";
import type { AppContext } from "../../http/context";
import { receiveUpload } from "../composer/composer.routes";
import * as links from "../links/links.service";
import * as templates from "../templates/templates.service";
import { IDEMPOTENT, keyActorOf, op, v1Crud } from "./v1-route";

/** Templates, short links (with their click counts) and MMS media: the composer's tools. */
export async function v1ContentRoutes(app: FastifyInstance, ctx: AppContext) {
  v1Crud(app, {
    path: "/api/v1/templates",
    tag: "templates",
    noun: "Template",
    plural: "Templates",
    one: "a message template",
    item: template,
    list: {
      query: listTemplatesQuery,
      response: listTemplatesResponse,
      call: (a, q) => templates.listTemplates(ctx, a, q),
    },
    get: (a, id) => templates.getTemplate(ctx, a, id),
    body: templateRequest,
    example: {
      name: "Weekend offer",
      message: "This weekend only: 20% off. Reply STOP to opt out.",
    },
    create: (a, b) => templates.createTemplate(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => templates.updateTemplate(ctx, a, id, b) },
    remove: (a, id) => templates.deleteTemplate(ctx, a, id),
  });

  v1Crud(app, {
    path: "/api/v1/links",
    tag: "links",
    noun: "Link",
    plural: "Links",
    one: "a short link with its clicks",
    item: link,
    params: bigIdParams,
    list: {
      query: listLinksQuery,
      response: listLinksResponse,
      call: (a, q) => links.listLinks(ctx, a, q),
    },
    get: (a, id) => links.getLink(ctx, a, id),
    body: createLinkRequest,
    example: { longUrl: "https://example.com/menu", tags: ["menu"] },
    create: (a, b) => links.createLink(ctx, a, b),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    "/api/v1/links/:id",
    {
      schema: {
        ...op("updateLinkTags", "Replace a short link's tags", "links"),
        params: bigIdParams,
        body: patchLinkRequest.meta({ examples: [{ tags: ["menu", "spring"] }] }),
        response: { 200: link },
      },
    },
    (req) => links.patchLinkTags(ctx, keyActorOf(req), req.params.id, req.body.tags),
  );

  // Multipart only inside this scope, as for the composer's uploads.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/v1/media",
      {
        schema: {
          ...op(
            "uploadMedia",
            "Upload an image or attachment for an MMS",
            "media",
            `multipart/form-data with one file in the field \`file\` (images are fitted under the carrier's size limit). Use the answer's url in a message's mediaUrls. ${IDEMPOTENT}`,
          ),
          consumes: ["multipart/form-data"],
          response: { 201: uploadResponse },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await receiveUpload(ctx, req, "file", "attachment", keyActorOf(req).accountId)),
    );
  });
}
