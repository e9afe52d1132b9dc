DROP INDEX "subscribers_account_area_code_idx";--> statement-breakpoint
CREATE INDEX "subscribers_account_area_code_idx" ON "subscribers" USING btree ("account_id","area_code","created_at","id");