import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AccountProfile,
  accountProfile,
  accountProfileUpdate,
} from "../../../domain/account-profile.schemas";
import { AppError } from "../../../domain/errors";
import { assertCan } from "../../../domain/permissions";
import { type Actor, type AppContext, actorOf } from "../../http/context";
import { profileRow, updateProfileRow } from "./account.queries";

export async function readProfile(ctx: AppContext, accountId: number): Promise<AccountProfile> {
  const row = await profileRow(ctx.db, accountId);
  if (!row) throw new AppError("NOT_FOUND", "This account does not exist.");
  return row;
}

export async function updateProfile(
  ctx: AppContext,
  auth: Actor,
  input: ReturnType<typeof accountProfileUpdate.parse>,
): Promise<AccountProfile> {
  assertCan(auth, "settings:write");
  // The public account name stays as it was made at sign-up: pages and QR codes printed with
  // /subscribe/<name> keep working when the business renames itself.
  await updateProfileRow(ctx.db, auth.accountId, input);
  return readProfile(ctx, auth.accountId);
}

/** Settings → Business profile, time zone and message deadline. */
export function accountProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/account/profile",
    { schema: { tags: ["account"], response: { 200: accountProfile } } },
    (req) => readProfile(ctx, actorOf(req).accountId),
  );
  r.put(
    "/api/account/profile",
    {
      schema: { tags: ["account"], body: accountProfileUpdate, response: { 200: accountProfile } },
    },
    (req) => updateProfile(ctx, actorOf(req), req.body),
  );
}
