import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as params } from "../../../domain/ids";
import {
  auditList,
  childAccount,
  childAccountList,
  createChildAccountBody,
} from "../../../domain/managed-accounts";
import type { AppContext } from "../../http/context";
import * as managed from "../managed-accounts/managed-accounts.service";
import { IDEMPOTENT, keyActorOf as key, op } from "./v1-route";

const tag = "managed accounts";

/**
 * An agency's child accounts: their usage, a new one, what the parent's people did in one.
 * Opening a child (acting in it) stays a screen's session: a key acts in its own account only.
 */
export function v1ManagedAccountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/managed-accounts",
    {
      schema: {
        ...op(
          "listManagedAccounts",
          "List the child accounts with their usage this month",
          tag,
          "Only a top-level account has children; a child's key gets 403.",
        ),
        response: { 200: childAccountList },
      },
    },
    (req) => managed.listChildAccounts(ctx, key(req)),
  );
  r.post(
    "/api/v1/managed-accounts",
    {
      schema: {
        ...op(
          "createManagedAccount",
          "Create a child account with its owner and trial credits",
          tag,
          `The owner (the e-mail given) sets a password through "Forgot password". ${IDEMPOTENT}`,
        ),
        body: createChildAccountBody.meta({
          examples: [
            {
              businessName: "Bean There Uptown",
              email: "uptown@beanthere.example",
              firstName: "Rosa",
              lastName: "Diaz",
            },
          ],
        }),
        response: { 201: childAccount },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await managed.createChildAccount(ctx, key(req), req.body)),
  );
  r.get(
    "/api/v1/managed-accounts/:id/audit",
    {
      schema: {
        ...op("listManagedAccountAudit", "What the parent's people did in a child account", tag),
        params,
        response: { 200: auditList },
      },
    },
    (req) => managed.childAudit(ctx, key(req), req.params.id),
  );
}
