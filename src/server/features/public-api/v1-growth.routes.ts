import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  optinPageInput,
  optinPageListResponse,
  optinPageResponse,
  qrTemplateInput,
  qrTemplateListResponse,
  qrTemplateResponse,
} from "../../../domain/growth-tools";
import { intIdParams as params } from "../../../domain/ids";
import {
  keywordInput,
  keywordListQuery,
  keywordListResponse,
  keywordResponse,
  keywordStatsResponse,
  keywordStatusInput,
} from "../../../domain/keywords.schemas";
import {
  DEFAULT_OPTIN_FORM,
  optinFormInput,
  optinFormListResponse,
  optinFormResponse,
} from "../../../domain/optin-forms";
import {
  DEFAULT_SIGNUP_CONFIG,
  signupPageEditorResponse,
  signupPageSettings,
} from "../../../domain/signup-page";
import type { AppContext } from "../../http/context";
import * as keywords from "../keywords/keywords.service";
import * as forms from "../optin-forms/optin-forms.service";
import * as pages from "../optin-pages/optin-pages.service";
import * as qr from "../qr-codes/qr-codes.service";
import * as signup from "../signup-page/signup-page.service";
import { keyActorOf as key, op, v1Crud } from "./v1-route";

/** Keywords and the growth tools: the sign-up page, popups, QR templates and opt-in pages. */
export function v1GrowthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  v1Crud(app, {
    path: "/api/v1/keywords",
    tag: "keywords",
    noun: "Keyword",
    plural: "Keywords",
    one: "a keyword",
    item: keywordResponse,
    list: {
      query: keywordListQuery,
      response: keywordListResponse,
      call: (a, q) => keywords.listKeywords(ctx, a, q),
    },
    get: (a, id) => keywords.getKeyword(ctx, a, id),
    body: keywordInput,
    example: {
      keyword: "COFFEE",
      phoneNumberId: null,
      reply: "Thanks for joining our coffee club!",
      groupIds: [12],
    },
    create: (a, b) => keywords.createKeyword(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => keywords.updateKeyword(ctx, a, id, b) },
    remove: (a, id) => keywords.deleteKeyword(ctx, a, id),
  });
  r.put(
    "/api/v1/keywords/:id/status",
    {
      schema: {
        ...op("setKeywordStatus", "Turn a keyword on or off", "keywords"),
        params,
        body: keywordStatusInput.meta({ examples: [{ status: "paused" }] }),
        response: { 200: keywordResponse },
      },
    },
    (req) => keywords.setKeywordStatus(ctx, key(req), req.params.id, req.body.status),
  );
  r.get(
    "/api/v1/keywords/:id/stats",
    {
      schema: {
        ...op("getKeywordStats", "A keyword's joins over time", "keywords"),
        params,
        response: { 200: keywordStatsResponse },
      },
    },
    (req) => keywords.keywordStats(ctx, key(req), req.params.id),
  );

  r.get(
    "/api/v1/signup-page",
    {
      schema: {
        ...op(
          "getSignupPage",
          "Get the sign-up page's settings and public address",
          "growth tools",
        ),
        response: { 200: signupPageEditorResponse },
      },
    },
    (req) => signup.getEditorPage(ctx, key(req)),
  );
  r.put(
    "/api/v1/signup-page",
    {
      schema: {
        ...op("updateSignupPage", "Change the sign-up page or take it live", "growth tools"),
        body: signupPageSettings.meta({
          examples: [{ config: DEFAULT_SIGNUP_CONFIG, live: true }],
        }),
        response: { 200: signupPageEditorResponse },
      },
    },
    (req) => signup.saveEditorPage(ctx, key(req), req.body),
  );

  v1Crud(app, {
    path: "/api/v1/popups",
    tag: "growth tools",
    noun: "Popup",
    plural: "Popups",
    one: "an opt-in popup (embeddable form)",
    item: optinFormResponse,
    list: { response: optinFormListResponse, call: (a) => forms.listForms(ctx, a) },
    get: (a, id) => forms.getForm(ctx, a, id),
    body: optinFormInput,
    example: { ...DEFAULT_OPTIN_FORM, name: "Homepage popup" },
    create: (a, b) => forms.createForm(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => forms.updateForm(ctx, a, id, b) },
    remove: (a, id) => forms.deleteForm(ctx, a, id),
  });

  v1Crud(app, {
    path: "/api/v1/qr-templates",
    tag: "growth tools",
    noun: "QrTemplate",
    plural: "QrTemplates",
    one: "a QR code template",
    item: qrTemplateResponse,
    list: { response: qrTemplateListResponse, call: (a) => qr.listTemplates(ctx, a) },
    get: (a, id) => qr.getTemplate(ctx, a, id),
    body: qrTemplateInput,
    example: {
      name: "Counter card",
      phoneNumberId: 3,
      message: "COFFEE",
      fgColor: "#000000",
      bgColor: "#ffffff",
      frameText: "Text to join",
    },
    create: (a, b) => qr.createTemplate(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => qr.updateTemplate(ctx, a, id, b) },
    remove: (a, id) => qr.deleteTemplate(ctx, a, id),
  });

  v1Crud(app, {
    path: "/api/v1/optin-pages",
    tag: "growth tools",
    noun: "OptinPage",
    plural: "OptinPages",
    one: "an opt-in page",
    item: optinPageResponse,
    list: { response: optinPageListResponse, call: (a) => pages.listPages(ctx, a) },
    get: (a, id) => pages.getPage(ctx, a, id),
    body: optinPageInput,
    example: { slug: "spring-menu", title: "Get our spring menu by text", groupIds: [12] },
    create: (a, b) => pages.createPage(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => pages.updatePage(ctx, a, id, b) },
    remove: (a, id) => pages.deletePage(ctx, a, id),
  });
}
