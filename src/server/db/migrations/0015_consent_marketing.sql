-- Marketing consent (issue 13): a subscriber may get marketing only with recorded consent. A number
-- that only texted in is a conversation contact: it stays in the inbox, out of every marketing send.
ALTER TABLE "subscribers" ADD COLUMN "marketing_consent_at" timestamp with time zone;
--> statement-breakpoint
-- Everyone added by hand, imported or joined keeps the consent they were added with.
UPDATE "subscribers" SET "marketing_consent_at" = "created_at"
 WHERE "consent_source" <> 'inbound_message';
--> statement-breakpoint
-- A contact that texted in and later opted in (START) consented then.
UPDATE "subscribers" s SET "marketing_consent_at" = e."at", "consent_source" = 'keyword',
       "consent_detail" = e."detail"
  FROM (SELECT DISTINCT ON ("account_id", "phone") "account_id", "phone", "created_at" AS "at", "detail"
          FROM "consent_events" WHERE "action" = 'opt_in'
         ORDER BY "account_id", "phone", "created_at") e
 WHERE s."consent_source" = 'inbound_message' AND s."account_id" = e."account_id"
   AND s."phone" = e."phone" AND e."at" >= s."created_at";
--> statement-breakpoint
-- The conversation contacts of an account (few): the dashboard's figure is the counter less them.
CREATE INDEX "subscribers_account_no_consent_idx" ON "subscribers" ("account_id")
 WHERE "marketing_consent_at" IS NULL;
