import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { phoneAlertRequest, phoneAlertSettings } from "../../../domain/phone-alerts";
import {
  brandPinRequest,
  brandPromptRequest,
  registrationStatus,
  tourAction,
  tourState,
} from "../../../domain/registrations";
import { type AppContext, actorOf } from "../../http/context";
import * as alerts from "./phone-alerts.service";
import * as registrations from "./registrations.service";
import * as reviews from "./registry-reviews.service";
import * as tour from "./tour.service";

export function registrationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/registrations/status",
    { schema: { tags: ["registration"], response: { 200: registrationStatus } } },
    (req) => registrations.registrationStatus(ctx, actorOf(req)),
  );
  r.post(
    "/api/registrations/brand-prompt",
    {
      schema: {
        tags: ["registration"],
        body: brandPromptRequest,
        response: { 200: z.object({ brandRegistrationStatus: z.literal("skipped") }) },
      },
    },
    (req) => registrations.skipBrandPrompt(ctx, actorOf(req)),
  );
  r.post(
    "/api/registrations/brand/verification-text",
    {
      schema: {
        tags: ["registration"],
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    (req) => reviews.resendBrandVerification(ctx, actorOf(req)),
  );
  r.post(
    "/api/registrations/brand/verification-pin",
    {
      schema: {
        tags: ["registration"],
        body: brandPinRequest,
        response: { 200: z.object({ verified: z.literal(true) }) },
      },
    },
    (req) => reviews.verifyBrandPin(ctx, actorOf(req), req.body.pin),
  );
  r.get("/api/tour", { schema: { tags: ["tour"], response: { 200: tourState } } }, (req) =>
    tour.getTour(ctx, actorOf(req)),
  );
  r.put(
    "/api/tour",
    { schema: { tags: ["tour"], body: tourAction, response: { 200: tourState } } },
    (req) => tour.moveTour(ctx, actorOf(req), req.body.action),
  );
  r.get(
    "/api/addons/phone-alerts",
    { schema: { tags: ["addons"], response: { 200: phoneAlertSettings } } },
    (req) => alerts.getPhoneAlerts(ctx, actorOf(req)),
  );
  r.put(
    "/api/addons/phone-alerts",
    {
      schema: { tags: ["addons"], body: phoneAlertRequest, response: { 200: phoneAlertSettings } },
    },
    (req) => alerts.savePhoneAlerts(ctx, actorOf(req), req.body),
  );
}
