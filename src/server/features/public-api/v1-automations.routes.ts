import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  autoReplyInput,
  autoReplyResponse,
  listAutoRepliesResponse,
  reorderAutoRepliesRequest,
} from "../../../domain/auto-replies";
import { dripToGraph } from "../../../domain/automation-graph";
import {
  automationDetail,
  automationInput,
  automationReport,
  automationStatusRequest,
  automationUpdate,
  listAutomationsQuery,
  listAutomationsResponse,
} from "../../../domain/automations.schemas";
import {
  addMemberRequest,
  campaignDetail,
  campaignInput,
  listCampaignsResponse,
  removeMemberRequest,
} from "../../../domain/campaigns.schemas";
import {
  chatbotDetail,
  chatbotEnabledRequest,
  chatbotInput,
  listChatbotsResponse,
} from "../../../domain/chatbots";
import { intIdParams as params } from "../../../domain/ids";
import { workflowDetail } from "../../../domain/workflows.schemas";
import type { AppContext } from "../../http/context";
import * as replies from "../automations/auto-replies.service";
import * as automations from "../automations/automations.service";
import * as campaigns from "../campaigns/campaigns.service";
import * as bots from "../chatbots/chatbots.service";
import * as workflows from "../workflows/workflows.service";
import { keyActorOf as key, op, v1Crud } from "./v1-route";

const ok = z.object({ ok: z.literal(true) });

/**
 * Drips, workflows and chatbot flows (one engine: /automations?kind=), automated replies, chatbots
 * and campaigns (groupings of sends and automations with their totals).
 */
export function v1AutomationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/automations",
    {
      schema: {
        ...op(
          "listAutomations",
          "List drips, workflows or chatbot flows with their figures",
          "automations",
        ),
        querystring: listAutomationsQuery,
        response: { 200: listAutomationsResponse },
      },
    },
    (req) => automations.listAutomations(ctx, key(req), req.query.kind),
  );
  v1Crud(app, {
    path: "/api/v1/automations",
    tag: "automations",
    noun: "Automation",
    plural: "Automations",
    one: "an automation (a drip, workflow or chatbot flow)",
    item: automationDetail,
    get: (a, id) => automations.getAutomation(ctx, a, id),
    body: automationInput,
    example: {
      kind: "drip",
      name: "Welcome series",
      trigger: { type: "group.joined", groupId: 12 },
      graph: dripToGraph([
        {
          wait: { mode: "delay", amount: 0, unit: "minutes", weekdaysOnly: false },
          body: "Welcome [first name]! Reply STOP to opt out.",
        },
      ]),
    },
    create: (a, b) => automations.createAutomation(ctx, a, b),
    remove: (a, id) => automations.deleteAutomation(ctx, a, id),
  });
  r.put(
    "/api/v1/automations/:id",
    {
      schema: {
        ...op(
          "updateAutomation",
          "Change an automation (a new version; moveRuns moves people inside to it)",
          "automations",
        ),
        params,
        body: automationUpdate,
        response: { 200: automationDetail },
      },
    },
    (req) => automations.updateAutomation(ctx, key(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/automations/:id/status",
    {
      schema: {
        ...op(
          "setAutomationStatus",
          "Publish (active), pause or return to draft an automation",
          "automations",
        ),
        params,
        body: automationStatusRequest.meta({ examples: [{ status: "paused" }] }),
        response: { 200: automationDetail },
      },
    },
    (req) => automations.setAutomationStatus(ctx, key(req), req.params.id, req.body.status),
  );
  r.post(
    "/api/v1/automations/:id/stop",
    {
      schema: {
        ...op("stopAutomationRuns", "Take everyone out of an automation", "automations"),
        params,
        response: { 200: ok },
      },
    },
    async (req) => {
      await automations.stopAllRuns(ctx, key(req), req.params.id);
      return { ok: true as const };
    },
  );
  r.get(
    "/api/v1/automations/:id/report",
    {
      schema: {
        ...op(
          "getAutomationReport",
          "An automation's runs: entered, waiting per step, completed, exits, texts",
          "automations",
        ),
        params,
        response: { 200: automationReport },
      },
    },
    (req) => automations.automationReport(ctx, key(req), req.params.id),
  );
  r.get(
    "/api/v1/workflows/:id",
    {
      schema: {
        ...op("getWorkflow", "Get a workflow with its builder layout", "workflows"),
        params,
        response: { 200: workflowDetail },
      },
    },
    (req) => workflows.getWorkflow(ctx, key(req), req.params.id),
  );
  r.post(
    "/api/v1/workflows/:id/publish",
    {
      schema: {
        ...op(
          "publishWorkflow",
          "Publish a workflow (checked as the builder checks it)",
          "workflows",
        ),
        params,
        response: { 200: workflowDetail },
      },
    },
    (req) => workflows.publishWorkflow(ctx, key(req), req.params.id),
  );

  v1Crud(app, {
    path: "/api/v1/auto-replies",
    tag: "automated replies",
    noun: "AutoReply",
    plural: "AutoReplies",
    one: "an automated reply",
    item: autoReplyResponse,
    list: { response: listAutoRepliesResponse, call: (a) => replies.listAutoReplies(ctx, a) },
    get: (a, id) => replies.getAutoReply(ctx, a, id),
    body: autoReplyInput,
    example: {
      name: "Opening hours",
      match: "contains",
      words: ["hours", "open"],
      reply: "We are open 7am to 6pm every day.",
    },
    create: (a, b) => replies.createAutoReply(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => replies.updateAutoReply(ctx, a, id, b) },
    remove: (a, id) => replies.deleteAutoReply(ctx, a, id),
  });
  r.post(
    "/api/v1/auto-replies/order",
    {
      schema: {
        ...op(
          "orderAutoReplies",
          "Set the order automated replies are tried in (the first match answers)",
          "automated replies",
        ),
        body: reorderAutoRepliesRequest.meta({ examples: [{ ids: [3, 1, 2] }] }),
        response: { 200: listAutoRepliesResponse },
      },
    },
    (req) => replies.reorderAutoReplies(ctx, key(req), req.body.ids),
  );

  v1Crud(app, {
    path: "/api/v1/chatbots",
    tag: "chatbots",
    noun: "Chatbot",
    plural: "Chatbots",
    one: "a chatbot",
    item: chatbotDetail,
    list: { response: listChatbotsResponse, call: (a) => bots.listChatbots(ctx, a) },
    get: (a, id) => bots.getChatbot(ctx, a, id),
    body: chatbotInput,
    example: {
      name: "Bookings",
      phoneNumberId: 3,
      triggerWords: ["BOOK"],
      tree: {
        start: "menu",
        nodes: [
          {
            id: "menu",
            type: "question",
            text: "Hi! What can we do for you?",
            choices: [{ label: "Opening hours", next: "hours" }],
            noMatch: "Sorry, I did not get that.",
          },
          { id: "hours", type: "end", text: "We are open 7am to 6pm." },
        ],
      },
    },
    create: (a, b) => bots.createChatbot(ctx, a, b),
    update: { method: "PUT", call: (a, id, b) => bots.updateChatbot(ctx, a, id, b) },
    remove: (a, id) => bots.deleteChatbot(ctx, a, id),
  });
  r.post(
    "/api/v1/chatbots/:id/enabled",
    {
      schema: {
        ...op("setChatbotEnabled", "Turn a chatbot on or off", "chatbots"),
        params,
        body: chatbotEnabledRequest.meta({ examples: [{ enabled: true }] }),
        response: { 200: chatbotDetail },
      },
    },
    (req) => bots.setChatbotEnabled(ctx, key(req), req.params.id, req.body.enabled),
  );

  v1Crud(app, {
    path: "/api/v1/campaigns",
    tag: "campaigns",
    noun: "Campaign",
    plural: "Campaigns",
    one: "a campaign with its totals",
    item: campaignDetail,
    list: { response: listCampaignsResponse, call: (a) => campaigns.listCampaigns(ctx, a) },
    get: (a, id) => campaigns.getCampaign(ctx, a, id),
    body: campaignInput,
    example: { name: "Spring menu" },
    create: (a, b) => campaigns.createCampaign(ctx, a, b.name),
    update: {
      method: "PUT",
      summary: "Rename a campaign",
      call: (a, id, b) => campaigns.renameCampaign(ctx, a, id, b.name),
    },
    remove: (a, id) => campaigns.deleteCampaign(ctx, a, id),
  });
  r.post(
    "/api/v1/campaigns/:id/members",
    {
      schema: {
        ...op("addCampaignMember", "Add a send or an automation to a campaign", "campaigns"),
        params,
        body: addMemberRequest.meta({ examples: [{ sendId: 120 }] }),
        response: { 200: campaignDetail },
      },
    },
    (req) => campaigns.addMember(ctx, key(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/campaigns/:id/members/remove",
    {
      schema: {
        ...op(
          "removeCampaignMember",
          "Take a send or an automation out of a campaign",
          "campaigns",
        ),
        params,
        body: removeMemberRequest.meta({ examples: [{ memberId: 7 }] }),
        response: { 200: campaignDetail },
      },
    },
    (req) => campaigns.removeMember(ctx, key(req), req.params.id, req.body.memberId),
  );
}
