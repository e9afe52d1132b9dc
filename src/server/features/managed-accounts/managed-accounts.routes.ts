import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  auditList,
  childAccount,
  childAccountList,
  createChildAccountBody,
} from "../../../domain/managed-accounts";
import { type AppContext, actorOf } from "../../http/context";
import { SESSION_COOKIE } from "../../http/session";
import { sessionIdOf } from "../auth/sessions.service";
import * as managed from "./managed-accounts.service";

const tags = ["managed-accounts"];
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Manage Accounts (spec doc 1 §2): a parent's children, their usage, opening one. */
export function managedAccountsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/managed-accounts",
    { schema: { tags, response: { 200: childAccountList } } },
    (request) => managed.listChildAccounts(ctx, actorOf(request)),
  );
  r.post(
    "/api/managed-accounts",
    { schema: { tags, body: createChildAccountBody, response: { 201: childAccount } } },
    async (request, reply) =>
      reply.status(201).send(await managed.createChildAccount(ctx, actorOf(request), request.body)),
  );
  r.get(
    "/api/managed-accounts/:id/audit",
    { schema: { tags, params: idParams, response: { 200: auditList } } },
    (request) => managed.childAudit(ctx, actorOf(request), request.params.id),
  );
  // Opens the child in this session (impersonation); logging out comes back.
  r.post(
    "/api/managed-accounts/:id/access",
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ accountId: z.number(), businessName: z.string() }) },
      },
    },
    (request) =>
      managed.openChildAccount(
        ctx,
        actorOf(request),
        sessionIdOf(request.cookies[SESSION_COOKIE] ?? ""),
        request.params.id,
      ),
  );
  // Back to the parent account (the managed-account banner's 'Return to <parent>').
  r.post(
    "/api/managed-accounts/return",
    { schema: { tags, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await managed.returnToParent(
        ctx,
        actorOf(request),
        sessionIdOf(request.cookies[SESSION_COOKIE] ?? ""),
      );
      return { ok: true as const };
    },
  );
}

/** Every change made while acting in a child is written to the child's audit with both people. */
export function registerActingAudit(app: FastifyInstance, ctx: AppContext) {
  app.addHook("onResponse", async (request, reply) => {
    const actor = request.actor;
    if (!actor?.actingFor || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    const route = request.routeOptions.url ?? request.url.split("?")[0] ?? "";
    // Leaving writes its own line.
    if (route === "/api/auth/logout" || route === "/api/managed-accounts/return") return;
    await managed.auditActingRequest(ctx, actor, {
      method: request.method,
      route: route.slice(0, 300),
      status: reply.statusCode,
    });
  });
}
