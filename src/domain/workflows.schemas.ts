import { z } from "zod";
import { automationDetail } from "./automations.schemas";
import { bigId, intIdParam } from "./ids";

/** Request and response shapes of the workflow screens (list, form, builder) beyond /api/automations. */

/** Where each step sits on the builder's canvas, by step id ("trigger" for the trigger node). */
export const workflowLayout = z.object({
  positions: z
    .record(
      z.string().max(40),
      z.object({
        x: z.number().finite().min(-100_000).max(100_000),
        y: z.number().finite().min(-100_000).max(100_000),
      }),
    )
    .refine((r) => Object.keys(r).length <= 201, "Too many positions"),
});
export type WorkflowLayout = z.infer<typeof workflowLayout>;

export const workflowDetail = automationDetail.extend({ layout: workflowLayout.nullable() });
export type WorkflowDetail = z.infer<typeof workflowDetail>;

export const WORKFLOW_TEXT = {
  nameTaken: "A workflow with this name already exists",
  phoneRequired: "Enter the virtual phone's number",
  phoneInvalid: "Enter a valid phone number",
  notSubscriber:
    "This phone is not a subscriber with marketing consent: text your keyword from it first",
  alreadyInside: "This phone is already in the workflow: wait until it finishes or stop it",
  notApiTrigger: "This workflow does not start on an API call",
  notRunning: "This workflow is not running: publish it first",
  subscriberRequired: "Give a subscriberId or a phone",
} as const;

export const nameAvailableQuery = z.object({
  name: z.string().trim().min(1).max(100),
  excludeId: intIdParam().optional(),
});
export const nameAvailableResponse = z.object({ available: z.boolean() });

export const testRunRequest = z.object({
  phone: z.string().trim().min(1, WORKFLOW_TEXT.phoneRequired).max(40),
});
export const testRunResponse = z.object({
  runId: z.number(),
  subscriberId: z.number(),
  phone: z.string(),
});

/** The "API call" trigger: /api/v1/workflows/:id/runs puts one subscriber in. */
export const apiEnrolRequest = z
  .object({
    subscriberId: bigId().optional(),
    phone: z.string().trim().min(1).max(40).optional(),
  })
  .refine((b) => b.subscriberId !== undefined || b.phone !== undefined, {
    message: WORKFLOW_TEXT.subscriberRequired,
  });
export const apiEnrolResponse = z.object({
  entered: z.boolean(),
  subscriberId: z.number(),
});

export const duplicateResponse = workflowDetail;
