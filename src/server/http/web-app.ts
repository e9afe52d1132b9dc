import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { appPageOf } from "../../domain/app-routes";
import type { Config } from "../config";

/** Only the login page may be indexed by search engines (spec doc 1 §2). */
const INDEXABLE = new Set(["/auth/login"]);

/**
 * Serves the built SPA: hashed assets with long caching, index.html for every other GET that
 * is not an API call, so client-side routes survive a reload.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  /** Whether a single path segment is a saved deeplink id (/{deeplinkUrlId} is a page then). */
  isDeeplink: (id: string) => Promise<boolean> = async () => false,
) {
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

  app.setNotFoundHandler(async (request, reply) => {
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
    // The app shell either way (its own Not Found screen), but a path the app has no page for
    // answers 404, so a mistyped link or probe does not pass for a page.
    const page = appPageOf(pathname);
    const known =
      page === "page" || (page === "maybeDeeplink" && (await isDeeplink(pathname.slice(1))));
    return reply
      .status(known ? 200 : 404)
      .header("cache-control", "no-cache")
      .sendFile("index.html");
  });
}
