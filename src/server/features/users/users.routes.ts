import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okResponse } from "../../../domain/auth.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  acceptInviteRequest,
  inviteRow,
  inviteUserRequest,
  listUsersResponse,
  updateUserRequest,
  userRow,
  verifyInviteQuery,
  verifyInviteResponse,
} from "../../../domain/users.schemas";
import { type AppContext, actorOf } from "../../http/context";
import { SESSION_COOKIE, setSessionCookie } from "../../http/session";
import { authRateLimit } from "../auth/rate-limit";
import * as signup from "./invite-signup.service";
import * as users from "./users.service";

const tags = ["users"];

/**
 * Manage Users (spec doc 2 §5-6) and the invitation sign-up (spec doc 3). Who may do what is
 * decided in users.service with the rules of src/domain/user-rules.ts:
 *
 * | route                              | who                                              |
 * |------------------------------------|--------------------------------------------------|
 * | GET    /api/users                  | Administrator and up                             |
 * | POST   /api/users/invites          | Administrator and up, levels they may give       |
 * | POST   /api/users/invites/:id/resend, DELETE /api/users/invites/:id | as above     |
 * | PUT    /api/users/:id              | canEditUser (self, Admin→Agent, Manager→not Owner, Owner) |
 * | DELETE /api/users/:id              | canDeleteUser (never the Owner, never oneself)   |
 * | GET    /api/users/invites/verify   | anyone with the key (public)                     |
 * | POST   /api/users/invites/accept   | anyone with the key (public)                     |
 */
export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/users", { schema: { tags, response: { 200: listUsersResponse } } }, (req) =>
    users.listUsers(ctx, actorOf(req)),
  );
  r.post(
    "/api/users/invites",
    {
      schema: { tags, body: inviteUserRequest, response: { 201: inviteRow } },
    },
    async (req, reply) =>
      reply.status(201).send(await users.inviteUser(ctx, actorOf(req), req.body)),
  );
  r.post(
    "/api/users/invites/:id/resend",
    { schema: { tags, params: idParams, response: { 200: inviteRow } } },
    (req) => users.resendInvite(ctx, actorOf(req), req.params.id),
  );
  r.delete(
    "/api/users/invites/:id",
    { schema: { tags, params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await users.revokeInvite(ctx, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.put(
    "/api/users/:id",
    {
      schema: { tags, params: idParams, body: updateUserRequest, response: { 200: userRow } },
    },
    (req) => users.updateUser(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    "/api/users/:id",
    { schema: { tags, params: idParams, response: { 200: okResponse } } },
    async (req) => {
      await users.deleteUser(ctx, actorOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  // Public: the invitation link.
  r.get(
    "/api/users/invites/verify",
    {
      schema: { tags, querystring: verifyInviteQuery, response: { 200: verifyInviteResponse } },
      config: { rateLimit: authRateLimit(ctx, ctx.config.AUTH_RATE_LIMIT * 4) },
    },
    (req) => signup.verifyInvite(ctx, req.query.key),
  );
  r.post(
    "/api/users/invites/accept",
    {
      schema: { tags, body: acceptInviteRequest, response: { 200: okResponse } },
      config: { rateLimit: authRateLimit(ctx) },
    },
    async (req, reply) => {
      const { token, expiresAt } = await signup.acceptInvite(ctx, req.body, {
        userAgent: req.headers["user-agent"] ?? null,
        previousToken: req.cookies[SESSION_COOKIE],
      });
      setSessionCookie(reply, req, ctx, token, expiresAt);
      return { ok: true as const };
    },
  );
}
