-- One outbound path: every outgoing text is a messages row the dispatcher sends. Lanes put
-- transactional texts (codes, STOP/HELP answers, one-to-one replies) before marketing on the same
-- number; a deadline bounds retries; sent_at dates what the carrier accepted (state caps).
ALTER TABLE "messages" ADD COLUMN "lane" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deadline_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "messages" SET "lane" = 0
 WHERE "source" IN ('compliance', 'two_factor', 'phone_verification', 'test', 'inbox', 'seed', 'keyword_reply');
--> statement-breakpoint
UPDATE "messages" SET "deadline_at" = now() + interval '4 hours' WHERE "pending_dispatch";
--> statement-breakpoint
DROP INDEX IF EXISTS "messages_dispatch_idx";
--> statement-breakpoint
-- Per number, lane first: the claim walks one number's due rows in the order they go.
CREATE INDEX "messages_dispatch_idx" ON "messages" USING btree ("phone_number_id", "lane", "not_before", "id") WHERE "pending_dispatch";
--> statement-breakpoint
-- The pace of each sending number, shared by every run, lane and worker: a worker that claims
-- a number's next messages holds this row and moves next_at on by what it took.
CREATE TABLE "dispatch_pace" (
  "phone_number_id" integer PRIMARY KEY NOT NULL,
  "next_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "dispatch_pace" ("phone_number_id")
  SELECT DISTINCT "phone_number_id" FROM "messages" WHERE "pending_dispatch" AND "phone_number_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- How long a message may wait for the carrier (validity period), per account.
ALTER TABLE "accounts" ADD COLUMN "message_validity_minutes" integer DEFAULT 240 NOT NULL;
