import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * Strict headers: nothing loads from another origin (but Stripe.js when Stripe takes payments), and framing is denied unless the operator
 * lists the sites allowed to embed Parley (FRAME_ANCESTORS), for the embedded-frame mode.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const frameAncestors =
    config.frameAncestors.length > 0 ? ["'self'", ...config.frameAncestors] : ["'none'"];
  // Stripe.js and its Payment Element frames, from Stripe's own origins, with Stripe payments only.
  const stripe = config.payments === "stripe";
  const stripeScripts = stripe ? ["https://js.stripe.com"] : [];
  const stripeFrames = stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];
  const stripeApi = stripe ? ["https://api.stripe.com"] : [];
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        // Mantine writes CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", ...stripeApi],
        frameSrc: ["'self'", ...stripeFrames],
        fontSrc: ["'self'", "data:"],
        frameAncestors,
        upgradeInsecureRequests: null,
      },
    },
    // frame-ancestors in the CSP says who may frame us; X-Frame-Options cannot list origins.
    frameguard: config.frameAncestors.length > 0 ? false : { action: "deny" },
    // Only over HTTPS (below): on plain http, as on a first local start, it would be ignored
    // at best and pin a name to https at worst.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  // What @fastify/helmet would do on each request, from headers built once: the plugin builds
  // helmet's middleware again for every request (its directives parsed, its names dashed), about
  // a tenth of a small API request's CPU. A route with `helmet: false` (machine APIs) gets none.
  app.addHook("onRoute", (route) => {
    const skip = (route as { helmet?: unknown }).helmet === false;
    route.config = Object.assign(route.config ?? {}, { securityHeaders: !skip });
  });
  app.addHook("onRequest", (request, reply, done) => {
    if ((request.routeOptions.config as { securityHeaders?: boolean }).securityHeaders !== false)
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // request.protocol reads X-Forwarded-Proto when TRUST_PROXY is on (TLS ends at the proxy).
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}

/**
 * The headers helmet sets with these options, read once from a throwaway server that answers one
 * request with the plugin, less the ones any answer has without it.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify();
    if (withHelmet) await probe.register(helmet, options);
    probe.get("/", () => "");
    const res = await probe.inject({ method: "GET", url: "/" });
    await probe.close();
    return res.headers;
  };
  const [plain, helmeted] = await Promise.all([answer(false), answer(true)]);
  return Object.entries(helmeted)
    .filter(([name]) => !(name in plain))
    .map(([name, value]) => [name, String(value)]);
}
