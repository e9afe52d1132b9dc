import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { intIdParams as idParams } from "../../../domain/ids";
import {
  apiEnrolRequest,
  apiEnrolResponse,
  duplicateResponse,
  testRunRequest,
  testRunResponse,
  workflowDetail,
  workflowLayout,
} from "../../../domain/workflows.schemas";
import type { AppContext } from "../../http/context";
import { IDEMPOTENT, keyActorOf, op, withExample } from "../public-api/v1-route";
import * as workflows from "./workflows.service";

/** The "API call" trigger of a workflow, and the builder's layout, duplicate and test run. */
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
  r.put(
    "/api/v1/workflows/:id/layout",
    {
      schema: {
        ...op(
          "saveWorkflowLayout",
          "Save where the builder draws a workflow's steps",
          "workflows",
          "Positions by step id; the steps themselves are changed with PUT /api/v1/automations/{id}.",
        ),
        params: idParams,
        body: withExample(workflowLayout, { positions: { trigger: { x: 0, y: 0 } } }),
        response: { 200: workflowDetail },
      },
    },
    (req) => workflows.saveLayout(ctx, keyActorOf(req), req.params.id, req.body),
  );
  r.post(
    "/api/v1/workflows/:id/duplicate",
    {
      schema: {
        ...op("duplicateWorkflow", "Copy a workflow as a new draft", "workflows", IDEMPOTENT),
        params: idParams,
        response: { 201: duplicateResponse },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await workflows.duplicateWorkflow(ctx, keyActorOf(req), req.params.id)),
  );
  r.post(
    "/api/v1/workflows/:id/test-run",
    {
      schema: {
        ...op(
          "testRunWorkflow",
          "Run a workflow for one test phone",
          "workflows",
          "The phone must be a subscriber with marketing consent (a virtual phone that texted the keyword); its texts go through the one outbound path.",
        ),
        params: idParams,
        body: withExample(testRunRequest, { phone: "+13105550123" }),
        response: { 200: testRunResponse },
      },
    },
    (req) => workflows.testRun(ctx, keyActorOf(req), req.params.id, req.body.phone),
  );
}
