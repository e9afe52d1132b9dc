import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { settingResponse, settingWrite } from "../../../domain/account.schemas";
import { accountProfile, accountProfileUpdate } from "../../../domain/account-profile.schemas";
import { ACCOUNT_SETTINGS, type AccountSettingName } from "../../../domain/settings";
import type { AppContext } from "../../http/context";
import { readProfile, updateProfile } from "../account/account-profile";
import * as settings from "../settings/settings.service";
import { keyActorOf as key, op, withExample } from "./v1-route";

const TAG = "account settings";
const params = z.object({
  name: z.enum(Object.keys(ACCOUNT_SETTINGS) as [AccountSettingName, ...AccountSettingName[]]),
});

/** Settings → business profile and the account's named settings (quiet hours, send settings…). */
export function v1SettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/account/profile",
    {
      schema: {
        ...op("getAccountProfile", "Get the business profile, time zone and message deadline", TAG),
        response: { 200: accountProfile },
      },
    },
    (req) => readProfile(ctx, key(req).accountId),
  );
  r.put(
    "/api/v1/account/profile",
    {
      schema: {
        ...op("updateAccountProfile", "Change the business profile", TAG),
        body: withExample(accountProfileUpdate, {
          businessName: "Bean There",
          email: "owner@beanthere.example",
          industry: 1,
          timezoneId: 1,
          businessPhone: "",
          messageValidityMinutes: 240,
        }),
        response: { 200: accountProfile },
      },
    },
    (req) => updateProfile(ctx, key(req), req.body),
  );
  r.get(
    "/api/v1/account/settings/:name",
    {
      schema: {
        ...op("getAccountSetting", "Get one account setting", TAG),
        params,
        response: { 200: settingResponse },
      },
    },
    (req) => settings.getAccountSetting(ctx, key(req), req.params.name),
  );
  r.put(
    "/api/v1/account/settings/:name",
    {
      schema: {
        ...op(
          "updateAccountSetting",
          "Change one account setting",
          TAG,
          "The value's shape is the setting's (quiet_hours: `[['21:00','08:00']]`, send_settings: `{header, footer, allowForeignChars}`, flags: true/false).",
        ),
        params,
        body: withExample(settingWrite, { val: [["21:00", "08:00"]] }),
        response: { 200: settingResponse },
      },
    },
    (req) => settings.setAccountSetting(ctx, key(req), req.params.name, req.body.val),
  );
}
