import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  inviteRow,
  inviteUserRequest,
  listUsersResponse,
  updateUserRequest,
  userRow,
} from "../../../domain/users.schemas";
import type { AppContext } from "../../http/context";
import * as users from "../users/users.service";
import { IDEMPOTENT, keyActorOf as key, op, withExample } from "./v1-route";

const TAG = "users";
const RANK =
  "The key acts with its maker's rank, as they are now: an Administrator's key manages Agents only, a Manager's everyone but the Owner.";

/** Manage Users: the team, invitations, roles and access, removal. */
export function v1UsersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/users",
    {
      schema: {
        ...op("listUsers", "List the account's users and pending invitations", TAG),
        response: { 200: listUsersResponse },
      },
    },
    (req) => users.listUsers(ctx, key(req)),
  );
  r.post(
    "/api/v1/users/invites",
    {
      schema: {
        ...op(
          "inviteUser",
          "Invite a user by e-mail",
          TAG,
          `permissionLevel: 0 Agent (give groupIds), 1 Administrator, 2 Manager. ${RANK} ${IDEMPOTENT}`,
        ),
        body: withExample(inviteUserRequest, {
          email: "sam@beanthere.example",
          permissionLevel: 1,
          groupIds: [],
          longcodeIds: [],
          restricted: false,
          disableMassMessaging: false,
        }),
        response: { 201: inviteRow },
      },
    },
    async (req, reply) => reply.status(201).send(await users.inviteUser(ctx, key(req), req.body)),
  );
  r.delete(
    "/api/v1/users/invites/:id",
    {
      schema: {
        ...op("revokeInvite", "Withdraw a pending invitation", TAG, RANK),
        params: idParams,
      },
    },
    async (req, reply) => {
      await users.revokeInvite(ctx, key(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.put(
    "/api/v1/users/:id",
    {
      schema: {
        ...op(
          "updateUser",
          "Change a user's role, access and details",
          TAG,
          `Send the whole user (as listed) with the changes, e.g. a new permissionLevel. ${RANK}`,
        ),
        params: idParams,
        body: withExample(updateUserRequest, {
          email: "sam@beanthere.example",
          username: "sam",
          firstName: "Sam",
          lastName: "Lee",
          permissionLevel: 2,
          groupIds: [],
          longcodeIds: [],
          restricted: false,
          disableMassMessaging: false,
        }),
        response: { 200: userRow },
      },
    },
    (req) => users.updateUser(ctx, key(req), req.params.id, req.body),
  );
  r.delete(
    "/api/v1/users/:id",
    {
      schema: {
        ...op("removeUser", "Remove a user (never the Owner)", TAG, RANK),
        params: idParams,
      },
    },
    async (req, reply) => {
      await users.deleteUser(ctx, key(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
