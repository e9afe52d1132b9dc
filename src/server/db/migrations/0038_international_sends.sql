-- Campaign texts abroad spend international credits as one-to-one texts do. Each message keeps
-- the international credits it spent, so a failed delivery gives those back too; a message may
-- now have two refunds (one per kind), still each once.
ALTER TABLE "messages" ADD COLUMN "international_credits" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX "credit_ledger_refund_key";--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_key" ON "credit_ledger" USING btree ("message_id","kind") WHERE "credit_ledger"."reason" = 'refund';
