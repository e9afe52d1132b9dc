import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/** Only the login page may be indexed by search engines (spec doc 1 §2). */
const INDEXABLE = new Set(["/auth/login"]);

/**
 * Serves the built SPA: hashed assets with long caching, index.html for every other GET that
 * is not an API call, so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.WEB_DIST, "index.html");
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each file (scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !path.extname(pathname);
    if (!isPage) {
      return reply.status(404).send({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
    if (!INDEXABLE.has(pathname)) reply.header("x-robots-tag", "noindex");
    if (!built) {
      return reply
        .status(503)
        .type("text/plain")
        .send("The web app is not built yet: run `npm run build` (npm start does it for you).");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
