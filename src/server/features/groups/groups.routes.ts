import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adaptiveCountsRequest,
  adaptiveCountsResponse,
  createGroupRequest,
  group,
  groupMembersRequest,
  listGroupsQuery,
  listGroupsResponse,
  rulesPreviewRequest,
  rulesPreviewResponse,
  updateGroupRequest,
} from "../../../domain/groups.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { bulkResponse } from "../../../domain/subscribers.schemas";
import { type AppContext, actorOf } from "../../http/context";
import * as groups from "./groups.service";

const tags = ["groups"];

export function groupsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/groups",
    {
      schema: { tags, querystring: listGroupsQuery, response: { 200: listGroupsResponse } },
    },
    (req) => groups.listGroups(ctx, actorOf(req), req.query),
  );
  r.post(
    "/api/groups/adaptive-member-counts",
    {
      schema: { tags, body: adaptiveCountsRequest, response: { 200: adaptiveCountsResponse } },
    },
    (req) => groups.adaptiveMemberCounts(ctx, actorOf(req), req.body.groupIds),
  );
  r.post(
    "/api/groups/rules-preview",
    {
      schema: { tags, body: rulesPreviewRequest, response: { 200: rulesPreviewResponse } },
    },
    (req) => groups.previewRules(ctx, actorOf(req), req.body.rules),
  );
  r.get(
    "/api/groups/:id",
    { schema: { tags, params: idParams, response: { 200: group } } },
    (req) => groups.getGroup(ctx, actorOf(req), req.params.id),
  );
  r.post(
    "/api/groups",
    {
      schema: { tags, body: createGroupRequest, response: { 201: group } },
    },
    async (req, reply) =>
      reply.status(201).send(await groups.createGroup(ctx, actorOf(req), req.body)),
  );
  r.patch(
    "/api/groups/:id",
    {
      schema: { tags, params: idParams, body: updateGroupRequest, response: { 200: group } },
    },
    (req) => groups.updateGroup(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete("/api/groups/:id", { schema: { tags, params: idParams } }, async (req, reply) => {
    await groups.deleteGroup(ctx, actorOf(req), req.params.id);
    return reply.status(204).send();
  });
  r.post(
    "/api/groups/:id/members",
    {
      schema: {
        tags,
        params: idParams,
        body: groupMembersRequest,
        response: { 200: bulkResponse },
      },
    },
    (req) => groups.addMembers(ctx, actorOf(req), req.params.id, req.body.subscriberIds),
  );
  r.post(
    "/api/groups/:id/members/remove",
    {
      schema: {
        tags,
        params: idParams,
        body: groupMembersRequest,
        response: { 200: bulkResponse },
      },
    },
    (req) => groups.removeMembers(ctx, actorOf(req), req.params.id, req.body.subscriberIds),
  );
}
