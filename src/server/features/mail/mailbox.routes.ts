import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import { mailboxQuery, mailboxResponse, mailDetail } from "../../../domain/mailbox.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as mailbox from "./mailbox.service";

const tags = ["mailbox"];

/** The local mailbox: mail this server kept because no SMTP server is configured. */
export function mailboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/mailbox",
    {
      schema: { tags, querystring: mailboxQuery, response: { 200: mailboxResponse } },
    },
    (req) => mailbox.listMailbox(ctx, actorOf(req), req.query),
  );
  r.get(
    "/api/mailbox/:id",
    { schema: { tags, params: idParams, response: { 200: mailDetail } } },
    (req) => mailbox.openMail(ctx, actorOf(req), req.params.id),
  );
}
