ALTER TABLE "subscriber_exports" ADD COLUMN "kind" text DEFAULT 'subscribers' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_exports" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_exports" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every export is now a row of subscriber_exports (Export History): the report exports move in.
INSERT INTO "subscriber_exports" ("account_id", "user_id", "kind", "status", "progress", "params", "row_count", "file_name", "file_path", "error", "created_at", "finished_at")
SELECT "account_id", "user_id", CASE "report" WHEN 'subscribers' THEN 'subscriber-report' ELSE "report" END,
  -- One still waiting had its own queue, which no worker reads any more: it is started again.
  CASE WHEN "status" IN ('queued', 'running') THEN 'failed' ELSE "status" END, "progress", "filter", "row_count", "file_name", "file_path",
  CASE WHEN "status" IN ('queued', 'running') THEN 'The export was stopped by an upgrade. Please start it again.' ELSE "error" END,
  "created_at", COALESCE("finished_at", CASE WHEN "status" IN ('queued', 'running') THEN now() END) FROM "report_exports";--> statement-breakpoint
DROP TABLE "report_exports" CASCADE;
