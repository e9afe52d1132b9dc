import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CONTACT_CARD_MAX_UPLOAD_BYTES,
  contactCardResponse,
} from "../../../domain/contact-card.schemas";
import { webBannerConfig, webBannerResponse } from "../../../domain/growth-tools";
import { phoneAlertRequest, phoneAlertSettings } from "../../../domain/phone-alerts";
import type { AppContext } from "../../http/context";
import { receiveContactCard } from "../contact-card/contact-card.routes";
import * as cards from "../contact-card/contact-card.service";
import * as alerts from "../registrations/phone-alerts.service";
import * as banner from "../web-banner/web-banner.service";
import { keyActorOf as key, op, withExample } from "./v1-route";

const TAG = "settings";

/** The small settings pages: the web banner, the contact card, phone alerts (settings scope). */
export async function v1SettingsPagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/web-banner",
    {
      schema: {
        ...op("getWebBanner", "Get the web banner and its embed snippet", TAG),
        response: { 200: webBannerResponse },
      },
    },
    (req) => banner.getBanner(ctx, key(req)),
  );
  r.put(
    "/api/v1/web-banner",
    {
      schema: {
        ...op("updateWebBanner", "Change the web banner", TAG, "Fields left out take defaults."),
        body: withExample(webBannerConfig, {
          enabled: true,
          message: "Get our deals by text",
          buttonText: "Sign up",
          position: "bottom",
        }),
        response: { 200: webBannerResponse },
      },
    },
    (req) => banner.saveBanner(ctx, key(req), req.body),
  );
  r.get(
    "/api/v1/phone-alerts",
    {
      schema: {
        ...op("getPhoneAlerts", "Get the phone alerts add-on (replies texted to a phone)", TAG),
        response: { 200: phoneAlertSettings },
      },
    },
    (req) => alerts.getPhoneAlerts(ctx, key(req)),
  );
  r.put(
    "/api/v1/phone-alerts",
    {
      schema: {
        ...op(
          "updatePhoneAlerts",
          "Change phone alerts",
          TAG,
          "The phone each reply is texted to, and quiet hours (HH:MM in the account's time zone, both or neither).",
        ),
        body: withExample(phoneAlertRequest, {
          enabled: true,
          phone: "+15125550142",
          quietStart: "22:00",
          quietEnd: "07:00",
        }),
        response: { 200: phoneAlertSettings },
      },
    },
    (req) => alerts.savePhoneAlerts(ctx, key(req), req.body),
  );
  r.get(
    "/api/v1/contact-card",
    {
      schema: {
        ...op("getContactCard", "Get the contact card (vCard) texts can attach", TAG),
        response: { 200: contactCardResponse },
      },
    },
    (req) => cards.getContactCard(ctx, key(req)),
  );
  // Multipart only inside this scope, as on the screen.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CONTACT_CARD_MAX_UPLOAD_BYTES, files: 1, fields: 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().put(
      "/api/v1/contact-card",
      {
        schema: {
          ...op(
            "saveContactCard",
            "Create or change the contact card",
            TAG,
            "multipart/form-data with `organizationName`, optional `description` and `website`, and the image in `photo` (required the first time).",
          ),
          consumes: ["multipart/form-data"],
          response: { 200: contactCardResponse.extend({ created: z.boolean() }) },
        },
      },
      (req) => receiveContactCard(ctx, req, key(req)),
    );
  });
}
