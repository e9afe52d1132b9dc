-- The failed-numbers dialog (issue #18): for one carrier error code, the subscribers whose
-- campaign text failed with it, each with the run of their latest such failure. Found from
-- messages, that took sorting every failure of the code (50,000 for 30003 on the reports bench)
-- and a look-up of each subscriber (still there?): about 70 ms of a 100 ms budget. This table
-- keeps one row per account, code and subscriber, kept by statement triggers on messages
-- (transition tables: a dispatcher batch is one upsert) and emptied of a subscriber's rows when
-- the subscriber is deleted, so the dialog reads the range's runs straight off an index.
-- No foreign keys, as report_number_latest (0045): an account's messages leave by cascade and
-- take their rows here with them through the delete trigger.
CREATE TABLE "report_failed_latest" (
	"account_id" integer NOT NULL,
	"error_code" integer NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("account_id", "error_code", "subscriber_id")
);
--> statement-breakpoint
-- The dialog: one code's subscribers whose latest failure is in the range's runs.
CREATE INDEX "report_failed_latest_run_idx" ON "report_failed_latest" ("account_id", "error_code", "run_id")
  INCLUDE ("subscriber_id");
--> statement-breakpoint
-- A deleted subscriber's rows.
CREATE INDEX "report_failed_latest_subscriber_idx" ON "report_failed_latest" ("subscriber_id");
--> statement-breakpoint
-- Looks keys up again in the history: the latest campaign text to the subscriber that failed
-- with the code, if any is left.
CREATE FUNCTION "report_failed_latest_recheck"("accounts" integer[], "codes" integer[], "subs" bigint[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_failed_latest" AS l
    ("account_id", "error_code", "subscriber_id", "run_id", "message_id", "created_at")
  SELECT g."account_id", g."error_code", g."subscriber_id", m."run_id", m."id", m."created_at"
  FROM unnest("accounts", "codes", "subs") AS g("account_id", "error_code", "subscriber_id")
  CROSS JOIN LATERAL (
    SELECT m."run_id", m."id", m."created_at" FROM "messages" m
    WHERE m."subscriber_id" = g."subscriber_id" AND m."account_id" = g."account_id"
      AND m."error_code" = g."error_code" AND m."run_id" IS NOT NULL
    ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1
  ) m
  WHERE EXISTS (SELECT 1 FROM "subscribers" s WHERE s."id" = g."subscriber_id")
  ORDER BY 1, 2, 3
  ON CONFLICT ("account_id", "error_code", "subscriber_id") DO UPDATE
    SET "run_id" = excluded."run_id", "message_id" = excluded."message_id",
      "created_at" = excluded."created_at"
    WHERE (excluded."created_at", excluded."message_id") >= (l."created_at", l."message_id");
$$;
--> statement-breakpoint
CREATE FUNCTION "report_failed_latest_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "accts" integer[];
  "cds" integer[];
  "subs" bigint[];
BEGIN
  -- Most statements touch no failure at all (the dispatcher's Queued → Sending → Sent): one
  -- look at the transition tables and out, as cheaply as a statement trigger allows.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM "new_rows" WHERE "error_code" IS NOT NULL
      UNION ALL SELECT 1 FROM "old_rows" WHERE "error_code" IS NOT NULL
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  -- A row whose message was deleted, or lost its error code, is looked up again (rare: a
  -- failure is final; an account's deletion finds nothing left).
  IF TG_OP = 'DELETE' THEN
    WITH "gone" AS (
      DELETE FROM "report_failed_latest" l USING "old_rows" o
      WHERE l."subscriber_id" = o."subscriber_id" AND l."account_id" = o."account_id"
        AND l."error_code" = o."error_code" AND l."message_id" = o."id"
      RETURNING l."account_id", l."error_code", l."subscriber_id"
    )
    SELECT array_agg("account_id"), array_agg("error_code"), array_agg("subscriber_id")
      INTO "accts", "cds", "subs" FROM "gone";
    IF "accts" IS NOT NULL THEN PERFORM "report_failed_latest_recheck"("accts", "cds", "subs"); END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    WITH "gone" AS (
      DELETE FROM "report_failed_latest" l USING "old_rows" o
      WHERE o."error_code" IS NOT NULL AND l."subscriber_id" = o."subscriber_id"
        AND l."account_id" = o."account_id" AND l."error_code" = o."error_code"
        AND l."message_id" = o."id"
        AND NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."id" = o."id"
          AND n."account_id" = o."account_id" AND n."subscriber_id" = o."subscriber_id"
          AND n."error_code" = o."error_code" AND n."run_id" IS NOT NULL)
      RETURNING l."account_id", l."error_code", l."subscriber_id"
    )
    SELECT array_agg("account_id"), array_agg("error_code"), array_agg("subscriber_id")
      INTO "accts", "cds", "subs" FROM "gone";
    IF "accts" IS NOT NULL THEN PERFORM "report_failed_latest_recheck"("accts", "cds", "subs"); END IF;
  END IF;
  -- Newer failures take the key's row, in key order (no deadlock between two statements); the
  -- WHERE is checked against the locked row, so the newer failure wins whoever commits first.
  -- A subscriber deleted meanwhile is not written back.
  INSERT INTO "report_failed_latest" AS l
    ("account_id", "error_code", "subscriber_id", "run_id", "message_id", "created_at")
  SELECT DISTINCT ON (n."account_id", n."error_code", n."subscriber_id")
    n."account_id", n."error_code", n."subscriber_id", n."run_id", n."id", n."created_at"
  FROM "new_rows" n
  WHERE n."error_code" IS NOT NULL AND n."run_id" IS NOT NULL AND n."subscriber_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "subscribers" s WHERE s."id" = n."subscriber_id")
  ORDER BY n."account_id", n."error_code", n."subscriber_id", n."created_at" DESC, n."id" DESC
  ON CONFLICT ("account_id", "error_code", "subscriber_id") DO UPDATE
    SET "run_id" = excluded."run_id", "message_id" = excluded."message_id",
      "created_at" = excluded."created_at"
    WHERE (excluded."created_at", excluded."message_id") >= (l."created_at", l."message_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_report_failed_latest_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_failed_latest_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_report_failed_latest_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_failed_latest_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_report_failed_latest_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_failed_latest_change"();
--> statement-breakpoint
CREATE FUNCTION "report_failed_latest_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_failed_latest" l USING "old_rows" o WHERE l."subscriber_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_report_failed_latest_delete" AFTER DELETE ON "subscribers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_failed_latest_forget"();
--> statement-breakpoint
-- Backfill: what was there before the triggers, once (from the failures' partial index).
INSERT INTO "report_failed_latest"
  ("account_id", "error_code", "subscriber_id", "run_id", "message_id", "created_at")
SELECT DISTINCT ON (m."account_id", m."error_code", m."subscriber_id")
  m."account_id", m."error_code", m."subscriber_id", m."run_id", m."id", m."created_at"
FROM "messages" m
WHERE m."error_code" IS NOT NULL AND m."run_id" IS NOT NULL AND m."subscriber_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "subscribers" s WHERE s."id" = m."subscriber_id")
ORDER BY m."account_id", m."error_code", m."subscriber_id", m."created_at" DESC, m."id" DESC;
--> statement-breakpoint
-- Known landlines of an account, found without reading its whole list: the unhealthy list's
-- candidates and the dialog's excludable subscribers start from them (a scan of 100,000
-- subscribers took 11 ms to find none on the reports bench).
CREATE INDEX IF NOT EXISTS "subscribers_account_landline_idx" ON "subscribers" ("account_id")
  WHERE "is_landline" IS TRUE;
