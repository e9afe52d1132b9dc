import { timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../http/context";
import { type TwilioSettings, twilioSettings } from "../credentials";
import { TwilioApiError } from "./api-error";
import { createCall, listCalls, toCallResource } from "./calls.service";
import { listEnvelope, pagingOf } from "./list-page";
import { lookupNumber } from "./lookup";
import { createMessage, getMessage, listMessages } from "./messages.service";
import {
  buyNumber,
  getOwnedNumber,
  listOwnedNumbers,
  releaseNumber,
  searchAvailable,
} from "./numbers.service";
import { toIncomingNumberResource, toMessageResource } from "./twilio-resources";

type Form = Record<string, string | string[] | undefined>;
type AccountParams = { sid: string };

/**
 * The built-in carrier: Twilio's REST API (Messages, AvailablePhoneNumbers, IncomingPhoneNumbers,
 * Lookup v2) under /emulator, so the Twilio adapter runs unchanged against it. Its own plugin
 * scope gives it Twilio's Basic auth and error shape without touching the app's /api routes.
 */
export function registerEmulator(app: FastifyInstance, ctx: AppContext) {
  void app.register(
    async (emu) => {
      emu.setErrorHandler(twilioErrorHandler);
      emu.addHook("onRequest", basicAuth(twilioSettings(ctx)));
      const hidden = { schema: { hide: true } };
      const { accountSid } = twilioSettings(ctx);
      const account = "/2010-04-01/Accounts/:sid";

      emu.post<{ Params: AccountParams; Body: Form }>(
        `${account}/Messages.json`,
        // An API for machines: no browser reads the security headers helmet would build.
        { ...hidden, helmet: false },
        async (req, reply) => {
          const form = req.body ?? {};
          const key = req.headers["idempotency-key"];
          const message = await createMessage(ctx, {
            to: first(form.To),
            from: first(form.From),
            body: first(form.Body),
            mediaUrls: all(form.MediaUrl),
            statusCallback: first(form.StatusCallback) || null,
            idempotencyKey: typeof key === "string" && key ? key : null,
          });
          return reply.status(201).send(toMessageResource(message, accountSid));
        },
      );

      // messages.list / each / page of the twilio SDK: Twilio's paging, filters kept in the URIs.
      emu.get<{ Params: AccountParams; Querystring: Form }>(
        `${account}/Messages.json`,
        hidden,
        async (req) => {
          const paging = pagingOf(req.query);
          const filters = {
            To: first(req.query.To) || undefined,
            From: first(req.query.From) || undefined,
          };
          const rows = await listMessages(ctx, {
            to: filters.To,
            from: filters.From,
            pageSize: paging.pageSize + 1,
            offset: paging.offset,
          });
          return listEnvelope(
            "messages",
            `/2010-04-01/Accounts/${accountSid}/Messages.json`,
            filters,
            paging,
            rows.map((m) => toMessageResource(m, accountSid)),
          );
        },
      );

      emu.get<{ Params: AccountParams & { msid: string } }>(
        `${account}/Messages/:msid.json`,
        hidden,
        async (req) => toMessageResource(await getMessage(ctx, req.params.msid), accountSid),
      );

      emu.post<{ Params: AccountParams; Body: Form }>(
        `${account}/Calls.json`,
        { ...hidden, helmet: false },
        async (req, reply) => {
          const form = req.body ?? {};
          const key = req.headers["idempotency-key"];
          const call = await createCall(ctx, {
            to: first(form.To),
            from: first(form.From),
            twiml: first(form.Twiml),
            statusCallback: first(form.StatusCallback) || null,
            idempotencyKey: typeof key === "string" && key ? key : null,
          });
          return reply.status(201).send(toCallResource(call, accountSid));
        },
      );

      emu.get<{ Params: AccountParams; Querystring: Form }>(
        `${account}/Calls.json`,
        hidden,
        async (req) => {
          const pageSize = Number(first(req.query.PageSize) || 50);
          const rows = await listCalls(ctx, {
            to: first(req.query.To) || undefined,
            from: first(req.query.From) || undefined,
            pageSize: Number.isFinite(pageSize) ? pageSize : 50,
          });
          return {
            calls: rows.map((c) => toCallResource(c, accountSid)),
            page: 0,
            page_size: rows.length,
            next_page_uri: null,
            uri: `/2010-04-01/Accounts/${accountSid}/Calls.json`,
          };
        },
      );

      for (const [path, kind] of [
        ["Local", "local"],
        ["TollFree", "tollFree"],
      ] as const) {
        emu.get<{ Params: AccountParams; Querystring: Form }>(
          `${account}/AvailablePhoneNumbers/US/${path}.json`,
          hidden,
          async (req) => {
            const areaCode = first(req.query.AreaCode) || undefined;
            const pageSize = Number(first(req.query.PageSize) || 50);
            const numbers = await searchAvailable(ctx, { kind, areaCode, pageSize });
            return {
              available_phone_numbers: numbers,
              uri: `/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/${path}.json`,
            };
          },
        );
      }

      emu.post<{ Params: AccountParams; Body: Form }>(
        `${account}/IncomingPhoneNumbers.json`,
        hidden,
        async (req, reply) => {
          const form = req.body ?? {};
          const number = await buyNumber(ctx, {
            phoneNumber: first(form.PhoneNumber),
            smsUrl: first(form.SmsUrl),
            statusCallback: first(form.StatusCallback),
            friendlyName: first(form.FriendlyName),
          });
          return reply.status(201).send(toIncomingNumberResource(number, accountSid));
        },
      );

      // incomingPhoneNumbers.list / each / page of the twilio SDK.
      emu.get<{ Params: AccountParams; Querystring: Form }>(
        `${account}/IncomingPhoneNumbers.json`,
        hidden,
        async (req) => {
          const paging = pagingOf(req.query);
          const filters = { PhoneNumber: first(req.query.PhoneNumber) || undefined };
          const rows = await listOwnedNumbers(ctx, {
            phoneNumber: filters.PhoneNumber,
            pageSize: paging.pageSize + 1,
            offset: paging.offset,
          });
          return listEnvelope(
            "incoming_phone_numbers",
            `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`,
            filters,
            paging,
            rows.map((n) => toIncomingNumberResource(n, accountSid)),
          );
        },
      );

      emu.get<{ Params: AccountParams & { pnsid: string } }>(
        `${account}/IncomingPhoneNumbers/:pnsid.json`,
        hidden,
        async (req) =>
          toIncomingNumberResource(await getOwnedNumber(ctx, req.params.pnsid), accountSid),
      );

      emu.delete<{ Params: AccountParams & { pnsid: string } }>(
        `${account}/IncomingPhoneNumbers/:pnsid.json`,
        hidden,
        async (req, reply) => {
          await releaseNumber(ctx, req.params.pnsid);
          return reply.status(204).send();
        },
      );

      emu.get<{ Params: { number: string }; Querystring: Form }>(
        "/lookups/v2/PhoneNumbers/:number",
        hidden,
        async (req) =>
          lookupNumber(req.params.number, first(req.query.Fields), twilioSettings(ctx).lookupBase),
      );
    },
    { prefix: "/emulator" },
  );
}

/** HTTP Basic with the emulator's AccountSid:AuthToken, and only for its own account's URLs. */
function basicAuth(settings: TwilioSettings) {
  const expected = Buffer.from(
    `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`,
  );
  return async (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    const sid = (request.params as { sid?: string }).sid;
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!valid || (sid !== undefined && sid !== settings.accountSid)) {
      throw new TwilioApiError(401, 20003, "Authenticate", {
        "www-authenticate": 'Basic realm="Twilio API"',
      });
    }
  };
}

function twilioErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof TwilioApiError) {
    return reply.status(error.status).headers(error.headers).send(error.toJSON());
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals (unreadable body, too large): keep the status, Twilio's shape.
    return reply.status(status).send({ code: 20001, message: error.message, status });
  }
  request.log.error({ err: error }, "carrier emulator error");
  return reply.status(500).send(new TwilioApiError(500, 20500, "Internal Server Error").toJSON());
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function all(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
