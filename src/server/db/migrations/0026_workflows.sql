-- Workflows (the visual builder) on the automation engine: where each step sits on the canvas
-- (kept apart from the versioned graph, so moving a node is not a new version), and test runs
-- (one virtual phone walked through a workflow that may still be a draft; kept out of reports).
ALTER TABLE "automations" ADD COLUMN "layout" jsonb;
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "test" boolean NOT NULL DEFAULT false;
