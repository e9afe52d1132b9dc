import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CONTACT_CARD_MAX_UPLOAD_BYTES,
  CONTACT_CARD_TEXTS,
  contactCardFields,
  contactCardResponse,
} from "../../../domain/contact-card.schemas";
import { AppError } from "../../../domain/errors";
import { intIdParam } from "../../../domain/ids";
import { type Actor, type AppContext, actorOf } from "../../http/context";
import * as cards from "./contact-card.service";

const tags = ["contact card"];

export async function contactCardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/contact-card", { schema: { tags, response: { 200: contactCardResponse } } }, (req) =>
    cards.getContactCard(ctx, actorOf(req)),
  );

  // Public: the vCard the composer attaches as MMS media (the carrier and phones fetch it).
  r.get(
    "/api/contact-card/:file",
    {
      schema: {
        tags,
        params: z.object({ file: z.string() }),
        querystring: z.object({ longcodeId: intIdParam().optional() }),
      },
    },
    async (req, reply) => {
      const m = /^(\d{1,9})-([a-f0-9]{32})\.vcf$/.exec(req.params.file);
      const card = m
        ? await cards.vcardOf(ctx, Number(m[1]), m[2] as string, req.query.longcodeId)
        : undefined;
      if (!card) throw new AppError("NOT_FOUND", "That contact card does not exist.");
      const filename = `${card.name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "contact"}.vcf`;
      return reply
        .type("text/vcard; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-cache")
        .send(card.text);
    },
  );

  // Create or update: multipart with the text fields and the photo (required the first time).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CONTACT_CARD_MAX_UPLOAD_BYTES, files: 1, fields: 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/contact-card",
      {
        schema: {
          tags,
          consumes: ["multipart/form-data"],
          response: { 200: contactCardResponse.extend({ created: z.boolean() }) },
        },
      },
      (req) => receiveContactCard(ctx, req, actorOf(req)),
    );
  });
}

/** The multipart body (text fields and the photo) read and saved: the screen's and the API's. */
export async function receiveContactCard(ctx: AppContext, req: FastifyRequest, actor: Actor) {
  if (!req.isMultipart()) {
    throw new AppError("BAD_REQUEST", "Send the contact card as multipart form data.");
  }
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "photo") {
          part.file.resume();
          continue;
        }
        photo = await part.toBuffer();
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("BAD_REQUEST", CONTACT_CARD_TEXTS.tooLarge);
    }
    throw err;
  }
  const parsed = contactCardFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("VALIDATION", issue.message, {
      fields: { [String(issue.path[0])]: issue.message },
    });
  }
  return cards.saveContactCard(ctx, actor, parsed.data, photo?.length ? photo : null);
}
