import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { settingResponse, settingWrite } from "../../../domain/account.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as settings from "./settings.service";

const params = z.object({ name: z.string().min(1).max(100) });

/** getSetting / enableSetting / verifySettingEnabled / verifyGlobalSettingEnabled of spec doc 1 §7. */
export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = {
    schema: { tags: ["settings"], params, response: { 200: settingResponse } },
  };
  const write = { ...read, schema: { ...read.schema, body: settingWrite } };

  r.get("/api/account/settings/:name", read, (req) =>
    settings.getAccountSetting(ctx, actorOf(req), req.params.name),
  );
  r.put("/api/account/settings/:name", write, (req) =>
    settings.setAccountSetting(ctx, actorOf(req), req.params.name, req.body.val),
  );
  r.get("/api/user/settings/:name", read, (req) =>
    settings.getUserSetting(ctx, actorOf(req), req.params.name),
  );
  r.put("/api/user/settings/:name", write, (req) =>
    settings.setUserSetting(ctx, actorOf(req), req.params.name, req.body.val),
  );
  r.get("/api/global-settings/:name", read, (req) =>
    settings.getGlobalSetting(ctx, req.params.name),
  );
}
