import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { growthOverview } from "../../../domain/growth-tools";
import { type AppContext, actorOf } from "../../http/context";
import { keywordsRoutes } from "../keywords/keywords.routes";
import { optinFormsRoutes } from "../optin-forms/optin-forms.routes";
import { optinPagesRoutes } from "../optin-pages/optin-pages.routes";
import { qrCodesRoutes } from "../qr-codes/qr-codes.routes";
import { signupPageRoutes } from "../signup-page/signup-page.routes";
import { webBannerRoutes } from "../web-banner/web-banner.routes";
import * as overview from "./growth-overview.service";

/** The growth tools' routes (issue 14), registered with one line in app.ts. */
export async function growthRoutes(app: FastifyInstance, ctx: AppContext) {
  keywordsRoutes(app, ctx);
  signupPageRoutes(app, ctx);
  await optinFormsRoutes(app, ctx);
  qrCodesRoutes(app, ctx);
  optinPagesRoutes(app, ctx);
  await webBannerRoutes(app, ctx);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/growth/overview",
      { schema: { tags: ["growth"], response: { 200: growthOverview } } },
      (req) => overview.growthOverview(ctx, actorOf(req)),
    );
}
