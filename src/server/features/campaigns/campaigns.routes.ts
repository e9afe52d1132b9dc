import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addMemberRequest,
  campaignCandidates,
  campaignDetail,
  campaignInput,
  listCampaignsResponse,
  removeMemberRequest,
} from "../../../domain/campaigns.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { type AppContext, actorOf } from "../../http/context";
import * as campaigns from "./campaigns.service";

const tags = ["campaigns"];

export function campaignsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/campaigns", { schema: { tags, response: { 200: listCampaignsResponse } } }, (req) =>
    campaigns.listCampaigns(ctx, actorOf(req)),
  );
  r.post(
    "/api/campaigns",
    { schema: { tags, body: campaignInput, response: { 201: campaignDetail } } },
    async (req, reply) =>
      reply.status(201).send(await campaigns.createCampaign(ctx, actorOf(req), req.body.name)),
  );
  r.get(
    "/api/campaigns/candidates",
    { schema: { tags, response: { 200: campaignCandidates } } },
    (req) => campaigns.candidates(ctx, actorOf(req)),
  );
  r.get(
    "/api/campaigns/:id",
    { schema: { tags, params: idParams, response: { 200: campaignDetail } } },
    (req) => campaigns.getCampaign(ctx, actorOf(req), req.params.id),
  );
  r.put(
    "/api/campaigns/:id",
    { schema: { tags, params: idParams, body: campaignInput, response: { 200: campaignDetail } } },
    (req) => campaigns.renameCampaign(ctx, actorOf(req), req.params.id, req.body.name),
  );
  r.delete("/api/campaigns/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await campaigns.deleteCampaign(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
  r.post(
    "/api/campaigns/:id/members",
    {
      schema: { tags, params: idParams, body: addMemberRequest, response: { 200: campaignDetail } },
    },
    (req) => campaigns.addMember(ctx, actorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/campaigns/:id/members/remove",
    {
      schema: {
        tags,
        params: idParams,
        body: removeMemberRequest,
        response: { 200: campaignDetail },
      },
    },
    (req) => campaigns.removeMember(ctx, actorOf(req), req.params.id, req.body.memberId),
  );
}
