import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
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
  await app.register(helmet, {
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
  // request.protocol reads X-Forwarded-Proto when TRUST_PROXY is on (TLS ends at the proxy).
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
  });
}
