import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bigIdParams as idParams } from "../../../domain/ids";
import { consentHistoryResponse } from "../../../domain/subscriber-history.schemas";
import {
  bulkDeleteRequest,
  bulkGroupRequest,
  bulkResponse,
  recordConsentRequest,
  subscriberDetail,
} from "../../../domain/subscribers.schemas";
import {
  cleanUpRequest,
  cleanUpResponse,
  lineCheckRequest,
  lineCheckResponse,
  listUnhealthyQuery,
  listUnhealthyResponse,
} from "../../../domain/unhealthy-subscribers.schemas";
import type { AppContext } from "../../http/context";
import * as history from "../subscribers/subscriber-history.service";
import * as subscribers from "../subscribers/subscribers.service";
import * as unhealthy from "../unhealthy-subscribers/unhealthy.service";
import { keyActorOf, op, withExample } from "./v1-route";

const TAG = "subscribers";

const SELECTION =
  "`selection` is the Subscribers screen's: `{mode: 'ids', ids}` or `{mode: 'all', filter, excludedIds}` with the list's filters.";

/**
 * Block, unblock, the consent log, consent recorded by hand and the bulk actions of the
 * Subscribers screen, and the Unhealthy Subscribers clean-up: the same services, with the key
 * as the actor (an opt-out by a bulk delete stays in force).
 */
export function v1SubscriberActionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, action, operationId, summary] of [
    ["block", "block", "blockSubscriber", "Block a subscriber's number (never texted again)"],
    ["unblock", "unblock", "unblockSubscriber", "Unblock a subscriber's number"],
  ] as const) {
    r.post(
      `/api/v1/subscribers/:id/${path}`,
      {
        schema: {
          ...op(operationId, summary, TAG, "Recorded in the consent history, naming the key."),
          params: idParams,
          response: { 200: subscriberDetail },
        },
      },
      (req) => subscribers.changeConsent(ctx, keyActorOf(req), req.params.id, action),
    );
  }
  r.get(
    "/api/v1/subscribers/:id/consent-history",
    {
      schema: {
        ...op(
          "getSubscriberConsentHistory",
          "Get a subscriber's consent record (who, when, how, from where)",
          TAG,
        ),
        params: idParams,
        response: { 200: consentHistoryResponse },
      },
    },
    (req) => history.consentHistory(ctx, keyActorOf(req), req.params.id),
  );

  r.post(
    "/api/v1/subscribers/:id/marketing-consent",
    {
      schema: {
        ...op(
          "recordMarketingConsent",
          "Record a subscriber's consent to marketing texts by hand",
          TAG,
          "The business attests the person agreed (`attestation: true`); `detail` says how and when. Kept in the consent history, naming the key's maker. A subscriber who already has consent keeps the first record.",
        ),
        params: idParams,
        body: withExample(recordConsentRequest, {
          attestation: true,
          detail: "Signed the paper form at the counter on 3 May",
        }),
        response: { 200: subscriberDetail },
      },
    },
    (req) => subscribers.recordMarketingConsent(ctx, keyActorOf(req), req.params.id, req.body),
  );
  r.get(
    "/api/v1/unhealthy-subscribers",
    {
      schema: {
        ...op(
          "listUnhealthySubscribers",
          "List subscribers texts do not reach (landline, invalid, unreachable, blocked by carrier)",
          TAG,
          "A bulk tool, as on the screen: the key needs `subscribers:write`.",
        ),
        querystring: listUnhealthyQuery,
        response: { 200: listUnhealthyResponse },
      },
    },
    (req) => unhealthy.listUnhealthy(ctx, keyActorOf(req), req.query),
  );
  r.post(
    "/api/v1/unhealthy-subscribers/clean-up",
    {
      schema: {
        ...op(
          "cleanUpUnhealthySubscribers",
          "Delete or opt out unhealthy subscribers",
          TAG,
          "`selection`: `{mode: 'ids', ids}` (every id must be an unhealthy subscriber of the account, else 404 and nothing changes) or `{mode: 'all', reason, query, excludedIds}`. An opt-out is recorded in the consent history with the reason.",
        ),
        body: withExample(cleanUpRequest, {
          action: "opt_out",
          selection: { mode: "all", reason: "landline", query: "", excludedIds: [] },
        }),
        response: { 200: cleanUpResponse },
      },
    },
    (req) => unhealthy.cleanUp(ctx, keyActorOf(req), req.body),
  );
  r.post(
    "/api/v1/unhealthy-subscribers/line-check",
    {
      schema: {
        ...op(
          "checkSubscriberLineTypes",
          "Run one round of the carrier's line-type check",
          TAG,
          "Looks up the next numbers never checked and marks landlines. Call again with `afterId: nextAfterId` until it is null.",
        ),
        body: withExample(lineCheckRequest, { afterId: 0, limit: 100 }),
        response: { 200: lineCheckResponse },
      },
    },
    (req) => unhealthy.lineCheck(ctx, keyActorOf(req), req.body),
  );
  r.post(
    "/api/v1/subscribers/bulk/delete",
    {
      schema: {
        ...op("bulkDeleteSubscribers", "Delete many subscribers", TAG, SELECTION),
        body: withExample(bulkDeleteRequest, { selection: { mode: "ids", ids: [42, 43] } }),
        response: { 200: bulkResponse },
      },
    },
    (req) => subscribers.bulkDelete(ctx, keyActorOf(req), req.body.selection),
  );
  const groupExample = { selection: { mode: "ids" as const, ids: [42, 43] }, groupId: 7 };
  r.post(
    "/api/v1/subscribers/bulk/add-to-group",
    {
      schema: {
        ...op("bulkAddSubscribersToGroup", "Add many subscribers to a group", TAG, SELECTION),
        body: withExample(bulkGroupRequest, groupExample),
        response: { 200: bulkResponse },
      },
    },
    (req) => subscribers.bulkAddToGroup(ctx, keyActorOf(req), req.body.selection, req.body.groupId),
  );
  r.post(
    "/api/v1/subscribers/bulk/remove-from-group",
    {
      schema: {
        ...op(
          "bulkRemoveSubscribersFromGroup",
          "Remove many subscribers from a group",
          TAG,
          SELECTION,
        ),
        body: withExample(bulkGroupRequest, groupExample),
        response: { 200: bulkResponse },
      },
    },
    (req) =>
      subscribers.bulkRemoveFromGroup(ctx, keyActorOf(req), req.body.selection, req.body.groupId),
  );
}
