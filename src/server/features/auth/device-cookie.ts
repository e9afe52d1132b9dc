import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../http/context";
import { SESSION_COOKIE } from "../../http/session";
import type { SignInClient } from "./sign-in.service";
import { CHALLENGE_COOKIE, DEVICE_COOKIE } from "./two-factor.routes";

/** The browser's device id (httpOnly; a year): what device verification knows a device by. */
export const DEVICE_ID_COOKIE = "parley_device_id";
const DEVICE_ID = /^[A-Za-z0-9_-]{16,100}$/;
const YEAR_MS = 365 * 86_400_000;

function isSecure(request: FastifyRequest, ctx: AppContext) {
  return ctx.config.COOKIE_SECURE === "auto"
    ? request.protocol === "https"
    : ctx.config.COOKIE_SECURE === "true";
}

/**
 * This browser's device id: the cookie when it has one, else the id the web app keeps (login's
 * deviceId), else a new one. The cookie is (re)set so a link opened later here is recognised.
 */
export function deviceIdOf(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  offered?: string,
): string {
  const cookie = request.cookies[DEVICE_ID_COOKIE];
  if (cookie && DEVICE_ID.test(cookie)) return cookie;
  const id = offered && DEVICE_ID.test(offered) ? offered : randomBytes(18).toString("base64url");
  reply.setCookie(DEVICE_ID_COOKIE, id, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(request, ctx),
    expires: new Date(ctx.clock.now().getTime() + YEAR_MS),
  });
  return id;
}

/** What a sign-in needs of the request (device, browser, the session and remember cookies). */
export function clientOf(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  offeredDeviceId?: string,
): SignInClient {
  return {
    deviceId: deviceIdOf(request, reply, ctx, offeredDeviceId),
    userAgent: request.headers["user-agent"] ?? null,
    previousToken: request.cookies[SESSION_COOKIE],
    rememberToken: request.cookies[DEVICE_COOKIE],
  };
}

export function challengeTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[CHALLENGE_COOKIE];
}
