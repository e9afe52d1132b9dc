import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { challengeTokenOf } from "../auth/device-cookie";
import { findChallenge } from "../auth/two-factor.service";
import { listMailOf } from "../mail/mailbox.service";

export const pendingMailResponse = z.object({
  local: z.boolean(),
  mails: z.array(
    z.object({ subject: z.string(), createdAt: z.string(), link: z.string().nullable() }),
  ),
});

/**
 * The local mailbox for someone in the middle of a sign-in that waits for the e-mail link (a new
 * business right after sign-up has no session yet, so /mailbox is closed to them). Only when
 * Parley keeps mail itself (no SMTP), and only the mail to that user's own address: what their
 * inbox would show.
 */
export function pendingMailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/auth/pending-mail",
    { schema: { tags: ["auth"], response: { 200: pendingMailResponse } } },
    async (req) => {
      if (ctx.config.useSmtp) return { local: false, mails: [] };
      const found = await findChallenge(ctx, challengeTokenOf(req), "email");
      if (!found) return { local: true, mails: [] };
      const { rows } = await listMailOf(
        ctx,
        { accountId: found.user.accountId, email: found.user.email, accountMail: false },
        { limit: 5, offset: 0 },
      );
      return {
        local: true,
        mails: rows.map((m) => {
          const url = /(https?:\/\/\S+)/.exec(m.textBody)?.[1];
          let link: string | null = null;
          if (url) {
            const u = new URL(url);
            link = `${u.pathname}${u.search}`;
          }
          return { subject: m.subject, createdAt: m.createdAt.toISOString(), link };
        }),
      };
    },
  );
}
