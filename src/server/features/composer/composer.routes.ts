import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../../domain/errors";
import { intIdParam } from "../../../domain/ids";
import {
  COMPOSE_TEXT,
  testSendRequest,
  testSendResponse,
  UPLOAD_MAX_BYTES,
  uploadResponse,
} from "../../../domain/message-compose.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as composer from "./composer.service";
import { MMS_PLACEHOLDER_PATH, MMS_PLACEHOLDER_PNG } from "./mms-placeholder";
import { MEDIA_PATH_PREFIX, openMedia, storeUpload } from "./uploads.service";

const tags = ["composer"];
const mediaParams = z.object({
  accountId: intIdParam(),
  name: z.string().max(64),
});

/**
 * Stores the one file of a multipart request (field `photo` for images, `file` for attachments);
 * the screens' uploads and the API's media upload (public-api/v1-content.routes.ts) both call it.
 */
export async function receiveUpload(
  ctx: AppContext,
  req: FastifyRequest,
  field: "photo" | "file",
  kind: "image" | "attachment",
  accountId: number,
) {
  if (!req.isMultipart()) throw new AppError("BAD_REQUEST", COMPOSE_TEXT.noFile);
  const file = await req.file();
  if (!file || file.fieldname !== field) {
    file?.file.resume();
    throw new AppError("BAD_REQUEST", COMPOSE_TEXT.noFile);
  }
  return storeUpload(ctx, accountId, { filename: file.filename, stream: file.file }, kind);
}

/** Uploads (spec doc 2 §7: image field 'photo', attachment field 'file'), media, test send. */
export async function composerRoutes(app: FastifyInstance, ctx: AppContext) {
  // Multipart only inside this scope: the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 },
    });
    const upload = (field: "photo" | "file", kind: "image" | "attachment") =>
      scope.withTypeProvider<ZodTypeProvider>().post(
        `/api/uploads/${kind}`,
        {
          schema: { tags, consumes: ["multipart/form-data"], response: { 201: uploadResponse } },
        },
        async (req, reply) =>
          reply
            .status(201)
            .send(await receiveUpload(ctx, req, field, kind, actorOf(req).accountId)),
      );
    upload("photo", "image");
    upload("file", "attachment");
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public: the carrier fetches MMS media without a session; names are unguessable.
  r.get(
    `${MEDIA_PATH_PREFIX}/:accountId/:name`,
    { schema: { hide: true, params: mediaParams } },
    async (req, reply) => {
      const media = await openMedia(ctx, req.params.accountId, req.params.name);
      if (!media) throw new AppError("NOT_FOUND", "Not found");
      return reply
        .header("content-type", media.contentType)
        .header("content-length", media.size)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(media.stream);
    },
  );

  // Public like the uploads: the carrier fetches it for every text-only MMS.
  r.get(MMS_PLACEHOLDER_PATH, { schema: { hide: true } }, (_req, reply) =>
    reply
      .header("content-type", "image/png")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(MMS_PLACEHOLDER_PNG),
  );

  r.post(
    "/api/messages/test",
    {
      schema: { tags, body: testSendRequest, response: { 200: testSendResponse } },
    },
    (req) => composer.sendTestMessage(ctx, actorOf(req), req.body),
  );
}
