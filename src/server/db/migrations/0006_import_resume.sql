ALTER TABLE "subscriber_imports" ADD COLUMN "committed_batches" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_imports" ADD COLUMN "checkpoint_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_imports" ADD COLUMN "checkpoint_bytes" bigint DEFAULT 0 NOT NULL;