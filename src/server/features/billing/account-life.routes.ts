import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../http/context";
import { accountProfileRoutes } from "../account/account-profile";
import { notificationsRoutes } from "../notifications/notifications.routes";
import { pendingMailRoutes } from "../signup/pending-mail";
import { signupRoutes } from "../signup/signup.routes";
import { billingRoutes } from "./billing.routes";
import { billingOpsRoutes } from "./billing-ops.routes";

/** A business's life (issue 16): sign-up, profile settings, notifications, billing. */
export function accountLifeRoutes(app: FastifyInstance, ctx: AppContext) {
  signupRoutes(app, ctx);
  pendingMailRoutes(app, ctx);
  accountProfileRoutes(app, ctx);
  notificationsRoutes(app, ctx);
  billingRoutes(app, ctx);
  billingOpsRoutes(app, ctx);
}
