-- A renewal is recorded as a 'pending' invoice before the processor is asked, with the request
-- it makes (idempotency key, customer, card): a retry after a crash or a lost answer sends the
-- same request again, so the processor answers the first outcome instead of charging twice.
-- Invoice status is now pending | paid | failed | requires_action | refunded | disputed.
ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_ref" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "method_ref" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_key" ON "invoices" USING btree ("account_id","idempotency_key") WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
-- The billing job looks for charges still pending at every pass.
CREATE INDEX "invoices_pending_idx" ON "invoices" USING btree ("account_id") WHERE "status" = 'pending';
