ALTER TABLE "brand_trust" ADD COLUMN "daily_cap" integer;--> statement-breakpoint
ALTER TABLE "registry_reviews" ADD COLUMN "registry" text;--> statement-breakpoint
ALTER TABLE "registry_reviews" ADD COLUMN "registry_ref" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registry_reviews" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
-- Reviews decided before real registries: the built-in emulator took them.
UPDATE "registry_reviews" SET "registry" = 'emulator', "submitted_at" = "created_at" WHERE "status" <> 'queued';
