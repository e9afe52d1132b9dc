import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as idParams } from "../../../domain/ids";
import { apiEnrolRequest, apiEnrolResponse } from "../../../domain/workflows.schemas";
import type { AppContext } from "../../http/context";
import { IDEMPOTENT, keyActorOf, op } from "../public-api/v1-route";
import * as workflows from "./workflows.service";

/** The "API call" trigger of a workflow, through an API key. */
export function v1WorkflowsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/v1/workflows/:id/runs",
    {
      schema: {
        ...op(
          "startWorkflow",
          "Put a subscriber into a workflow",
          "workflows",
          `For a running workflow whose trigger is "An API call". Someone already inside stays where they are (entered: false). ${IDEMPOTENT}`,
        ),
        params: idParams,
        body: apiEnrolRequest,
        response: { 200: apiEnrolResponse },
      },
    },
    (req) => workflows.enrolByApi(ctx, keyActorOf(req), req.params.id, req.body),
  );
}
