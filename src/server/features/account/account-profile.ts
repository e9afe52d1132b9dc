import { eq } from "drizzle-orm";
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
import { accounts } from "./account.schema";

export async function readProfile(ctx: AppContext, accountId: number): Promise<AccountProfile> {
  const [row] = await ctx.db
    .select({
      accountName: accounts.accountName,
      businessName: accounts.businessName,
      email: accounts.email,
      industry: accounts.industry,
      timezoneId: accounts.timezoneId,
      businessPhone: accounts.businessPhone,
      messageValidityMinutes: accounts.messageValidityMinutes,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
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
  await ctx.db.update(accounts).set(input).where(eq(accounts.id, auth.accountId));
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
