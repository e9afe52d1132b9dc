import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { defineFeature, PUBLIC } from "../features/feature";
import { PARLEY_VERSION } from "../version";

/**
 * The OpenAPI document of every route and its page at /api/docs. Registered before any route
 * (http/app.ts), so that it sees them all.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: "Parley API", version: PARLEY_VERSION },
      components: {
        // The public API (/api/v1, /api/mcp): a key from the developer dashboard.
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "pk_…",
            description:
              "A key from Developer Home. A parent account's key with accounts:write acts in one of its managed accounts with the header `Parley-Account: <child account id>` (its own scopes, the child's data only, each change in the child's activity).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}

/** The API's documentation: its routes come from swagger-ui (registerApiDocs), its rules here. */
export const apiDocsFeature = defineFeature({
  name: "api-docs",
  policy: {
    // Sign-in, sign-up and the links that come by e-mail or text.
    "GET /api/docs": PUBLIC,
    "GET /api/docs/": PUBLIC,
    "GET /api/docs/json": PUBLIC,
    "GET /api/docs/yaml": PUBLIC,
    "GET /api/docs/static/*": PUBLIC,
    "GET /api/docs/static/index.html": PUBLIC,
    "GET /api/docs/static/swagger-initializer.js": PUBLIC,
  },
});
