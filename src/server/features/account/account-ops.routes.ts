import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams } from "../../../domain/ids";
import { systemActor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { assertOperator } from "../../http/operator";
import { recordAuditOfChanges } from "../audit/audit.service";
import {
  accountFlagsOf,
  accountFlagsRequest,
  accountFlagsResponse,
  applyAccountFlags,
} from "./account-flags.service";

/**
 * The operator's account flags: GET and PUT /ops/accounts/:id/flags with the OPERATOR_TOKEN
 * bearer (the same as `npm run admin -- account-flags`). Without OPERATOR_TOKEN they do not exist.
 */
export function accountOpsRoutes(app: FastifyInstance, ctx: AppContext) {
  const token = ctx.config.OPERATOR_TOKEN;
  if (!token) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/ops/accounts/:id/flags",
    { schema: { hide: true, params: intIdParams, response: { 200: accountFlagsResponse } } },
    async (req) => {
      assertOperator(req, token);
      return accountFlagsOf(ctx.db, req.params.id);
    },
  );
  r.put(
    "/ops/accounts/:id/flags",
    {
      schema: {
        hide: true,
        params: intIdParams,
        body: accountFlagsRequest,
        response: { 200: accountFlagsResponse },
      },
    },
    async (req) => {
      assertOperator(req, token);
      const { flags: before } = await accountFlagsOf(ctx.db, req.params.id);
      const result = await applyAccountFlags(ctx.db, req.params.id, req.body);
      const changes: Record<string, { before: boolean; after: boolean }> = {};
      for (const [name, after] of Object.entries(req.body))
        if (before[name as keyof typeof before] !== after)
          changes[name] = { before: before[name as keyof typeof before], after };
      await recordAuditOfChanges(ctx, systemActor("operator", req.params.id), {
        action: "account.operator",
        target: { type: "account", id: req.params.id },
        changes,
      });
      return result;
    },
  );
}
