import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../http/context";
import { keywordsRoutes } from "../keywords/keywords.routes";
import { optinFormsRoutes } from "../optin-forms/optin-forms.routes";
import { signupPageRoutes } from "../signup-page/signup-page.routes";

/** The growth tools' routes (issue 14), registered with one line in app.ts. */
export async function growthRoutes(app: FastifyInstance, ctx: AppContext) {
  keywordsRoutes(app, ctx);
  signupPageRoutes(app, ctx);
  await optinFormsRoutes(app, ctx);
}
