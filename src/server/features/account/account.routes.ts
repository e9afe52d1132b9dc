import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountLite } from "../../../domain/account.schemas";
import { localeUpdate } from "../../../domain/locale";
import { type AppContext, actorOf } from "../../http/context";
import { getMeLite, setMyLocale } from "./account.service";

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // getMeLite: the account and the signed-in user, as the shell needs them.
  r.get(
    "/api/account/me",
    { schema: { tags: ["account"], response: { 200: accountLite } } },
    (request) => getMeLite(ctx, actorOf(request)),
  );
  r.put(
    "/api/account/me/locale",
    { schema: { tags: ["account"], body: localeUpdate, response: { 200: accountLite } } },
    (request) => setMyLocale(ctx, actorOf(request), request.body.locale),
  );
}
