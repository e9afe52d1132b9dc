import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createCustomFieldRequest,
  customField,
  listCustomFieldsQuery,
  listCustomFieldsResponse,
  updateCustomFieldRequest,
} from "../../../domain/custom-fields.schemas";
import {
  createGroupRequest,
  group,
  groupMembersRequest,
  listGroupsQuery,
  listGroupsResponse,
  updateGroupRequest,
} from "../../../domain/groups.schemas";
import { intIdParams as idParams } from "../../../domain/ids";
import { bulkResponse } from "../../../domain/subscribers.schemas";
import type { AppContext } from "../../http/context";
import * as fields from "../custom-fields/custom-fields.service";
import * as groups from "../groups/groups.service";
import { IDEMPOTENT, keyActorOf, op } from "./v1-route";

/** Groups, their members and custom fields through an API key (the screens' services). */
export function v1GroupsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/v1/groups",
    {
      schema: {
        ...op("listGroups", "List groups", "groups"),
        querystring: listGroupsQuery,
        response: { 200: listGroupsResponse },
      },
    },
    (req) => groups.listGroups(ctx, keyActorOf(req), req.query),
  );
  r.get(
    "/api/v1/groups/:id",
    {
      schema: {
        ...op("getGroup", "Get a group", "groups"),
        params: idParams,
        response: { 200: group },
      },
    },
    (req) => groups.getGroup(ctx, keyActorOf(req), req.params.id),
  );
  r.post(
    "/api/v1/groups",
    {
      schema: {
        ...op("createGroup", "Create a group", "groups", IDEMPOTENT),
        body: createGroupRequest,
        response: { 201: group },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await groups.createGroup(ctx, keyActorOf(req), req.body)),
  );
  r.patch(
    "/api/v1/groups/:id",
    {
      schema: {
        ...op("updateGroup", "Rename or change a group", "groups"),
        params: idParams,
        body: updateGroupRequest,
        response: { 200: group },
      },
    },
    (req) => groups.updateGroup(ctx, keyActorOf(req), req.params.id, req.body),
  );
  r.delete(
    "/api/v1/groups/:id",
    { schema: { ...op("deleteGroup", "Delete a group", "groups"), params: idParams } },
    async (req, reply) => {
      await groups.deleteGroup(ctx, keyActorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.post(
    "/api/v1/groups/:id/members",
    {
      schema: {
        ...op("addGroupMembers", "Add subscribers to a static group", "groups"),
        params: idParams,
        body: groupMembersRequest,
        response: { 200: bulkResponse },
      },
    },
    (req) => groups.addMembers(ctx, keyActorOf(req), req.params.id, req.body.subscriberIds),
  );
  r.post(
    "/api/v1/groups/:id/members/remove",
    {
      schema: {
        ...op("removeGroupMembers", "Remove subscribers from a static group", "groups"),
        params: idParams,
        body: groupMembersRequest,
        response: { 200: bulkResponse },
      },
    },
    (req) => groups.removeMembers(ctx, keyActorOf(req), req.params.id, req.body.subscriberIds),
  );

  r.get(
    "/api/v1/custom-fields",
    {
      schema: {
        ...op("listCustomFields", "List custom fields", "custom fields"),
        querystring: listCustomFieldsQuery,
        response: { 200: listCustomFieldsResponse },
      },
    },
    (req) => fields.listFields(ctx, keyActorOf(req), req.query),
  );
  r.get(
    "/api/v1/custom-fields/:id",
    {
      schema: {
        ...op("getCustomField", "Get a custom field", "custom fields"),
        params: idParams,
        response: { 200: customField },
      },
    },
    (req) => fields.getField(ctx, keyActorOf(req), req.params.id),
  );
  r.post(
    "/api/v1/custom-fields",
    {
      schema: {
        ...op("createCustomField", "Create a custom field", "custom fields", IDEMPOTENT),
        body: createCustomFieldRequest,
        response: { 201: customField },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await fields.createField(ctx, keyActorOf(req), req.body)),
  );
  r.patch(
    "/api/v1/custom-fields/:id",
    {
      schema: {
        ...op("updateCustomField", "Rename a custom field", "custom fields"),
        params: idParams,
        body: updateCustomFieldRequest,
        response: { 200: customField },
      },
    },
    (req) => fields.updateField(ctx, keyActorOf(req), req.params.id, req.body),
  );
  r.delete(
    "/api/v1/custom-fields/:id",
    {
      schema: {
        ...op("deleteCustomField", "Delete a custom field", "custom fields"),
        params: idParams,
      },
    },
    async (req, reply) => {
      await fields.deleteField(ctx, keyActorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
