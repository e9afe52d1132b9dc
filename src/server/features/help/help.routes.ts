import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bookingResponse, contactRequest, contactResponse } from "../../../domain/help.schemas";
import { type AppContext, actorOf } from "../../http/context";
import { contactSupport } from "./help.service";

const tags = ["help"];

/** The contact form and the engineer booking link (the articles ship with the web app). */
export function helpRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/help/contact",
    { schema: { tags, body: contactRequest, response: { 200: contactResponse } } },
    (req) => contactSupport(ctx, actorOf(req), req.body),
  );
  r.get("/api/help/booking", { schema: { tags, response: { 200: bookingResponse } } }, () => ({
    url: ctx.config.ENGINEER_BOOKING_URL ?? null,
  }));
}
