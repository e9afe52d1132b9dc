-- Each number's latest outbound text that reached a final status (issue #18): what the unhealthy
-- subscribers and the failed-numbers dialog ask of every picked number ("did the newest text
-- fail for the number's sake?"). Looking it up in messages cost one index probe and a table visit
-- per number (about 3 s for the 50,000 numbers behind one error code of a big list); this table
-- answers it by key. Kept by statement triggers on messages (transition tables, so a fan-out batch
-- or a dispatcher batch is one upsert, and a partitioned messages table keeps them).
-- No foreign key to accounts: an account's messages leave by cascade and take their rows here
-- with them (the delete trigger), and a key would fail the recompute during that cascade.
CREATE TABLE "report_number_latest" (
	"account_id" integer NOT NULL,
	"to_number" text NOT NULL,
	"message_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"updated_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("account_id", "to_number")
);
--> statement-breakpoint
-- The numbers whose latest text failed (a few per cent): where unhealthy subscribers start.
CREATE INDEX "report_number_latest_failed_idx" ON "report_number_latest" ("account_id", "created_at")
  INCLUDE ("to_number", "error_code") WHERE "error_code" IS NOT NULL;
--> statement-breakpoint
-- Looks numbers up again in the history: their latest final outbound text, if any is left.
CREATE FUNCTION "report_number_latest_recheck"("accounts" integer[], "numbers" text[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_number_latest" AS l
    ("account_id", "to_number", "message_id", "created_at", "error_code", "updated_at")
  SELECT g."account_id", g."to_number", m."id", m."created_at", m."error_code", m."updated_at"
  FROM unnest("accounts", "numbers") AS g("account_id", "to_number")
  CROSS JOIN LATERAL (
    SELECT m."id", m."created_at", m."error_code", m."updated_at" FROM "messages" m
    WHERE m."account_id" = g."account_id" AND m."to_number" = g."to_number"
      AND m."direction" = 'outbound' AND m."status" NOT IN ('Queued', 'Sending')
    ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1
  ) m
  ORDER BY 1, 2
  ON CONFLICT ("account_id", "to_number") DO UPDATE
    SET "message_id" = excluded."message_id", "created_at" = excluded."created_at",
      "error_code" = excluded."error_code", "updated_at" = excluded."updated_at"
    WHERE (excluded."created_at", excluded."message_id") >= (l."created_at", l."message_id");
$$;
--> statement-breakpoint
CREATE FUNCTION "report_number_latest_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "accts" integer[];
  "nums" text[];
BEGIN
  -- A number whose latest text was deleted, or left the final statuses, is looked up again.
  -- Only numbers whose row named a touched message get here (usually none).
  IF TG_OP = 'DELETE' THEN
    WITH "gone" AS (
      DELETE FROM "report_number_latest" l USING "old_rows" o
      WHERE l."account_id" = o."account_id" AND l."to_number" = o."to_number"
        AND l."message_id" = o."id"
      RETURNING l."account_id", l."to_number"
    )
    SELECT array_agg("account_id"), array_agg("to_number") INTO "accts", "nums" FROM "gone";
    IF "accts" IS NOT NULL THEN PERFORM "report_number_latest_recheck"("accts", "nums"); END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    WITH "gone" AS (
      DELETE FROM "report_number_latest" l USING "old_rows" o
      WHERE l."account_id" = o."account_id" AND l."to_number" = o."to_number"
        AND l."message_id" = o."id"
        -- Only a final text can be a number's latest (the dispatcher's Queued rows skip this).
        AND o."direction" = 'outbound' AND o."status" NOT IN ('Queued', 'Sending')
        AND NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."id" = o."id"
          AND n."account_id" = o."account_id" AND n."to_number" = o."to_number"
          AND n."direction" = 'outbound' AND n."status" NOT IN ('Queued', 'Sending'))
      RETURNING l."account_id", l."to_number"
    )
    SELECT array_agg("account_id"), array_agg("to_number") INTO "accts", "nums" FROM "gone";
    IF "accts" IS NOT NULL THEN PERFORM "report_number_latest_recheck"("accts", "nums"); END IF;
  END IF;
  -- Newer final texts take the number's row; a newer status of the same text refreshes it.
  -- Rows go in key order (DISTINCT ON sorts them), so two statements lock numbers in the same
  -- order and do not deadlock on each other; the WHERE is checked against the locked, current
  -- row, so of two concurrent statements the newer text wins whichever commits first.
  INSERT INTO "report_number_latest" AS l
    ("account_id", "to_number", "message_id", "created_at", "error_code", "updated_at")
  SELECT DISTINCT ON ("account_id", "to_number")
    "account_id", "to_number", "id", "created_at", "error_code", "updated_at"
  FROM "new_rows"
  WHERE "direction" = 'outbound' AND "status" NOT IN ('Queued', 'Sending')
  ORDER BY "account_id", "to_number", "created_at" DESC, "id" DESC
  ON CONFLICT ("account_id", "to_number") DO UPDATE
    SET "message_id" = excluded."message_id", "created_at" = excluded."created_at",
      "error_code" = excluded."error_code", "updated_at" = excluded."updated_at"
    WHERE (excluded."created_at", excluded."message_id") >= (l."created_at", l."message_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_report_number_latest_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_number_latest_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_report_number_latest_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_number_latest_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_report_number_latest_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_number_latest_change"();
--> statement-breakpoint
-- Backfill of report_number_latest: what was there before the triggers, once.
INSERT INTO "report_number_latest"
  ("account_id", "to_number", "message_id", "created_at", "error_code", "updated_at")
SELECT DISTINCT ON ("account_id", "to_number")
  "account_id", "to_number", "id", "created_at", "error_code", "updated_at"
FROM "messages"
WHERE "direction" = 'outbound' AND "status" NOT IN ('Queued', 'Sending')
ORDER BY "account_id", "to_number", "created_at" DESC, "id" DESC;
--> statement-breakpoint
-- Clicks per subscriber (the tracked-links report's "who clicks most"): each subscriber's clicks
-- and latest click, all time, kept by statement triggers on link_clicks. The report ranks the
-- subscribers of a range by these figures, which bound what any range can hold (no more clicks,
-- no later click), and counts the range's own clicks only for the few at the top
-- (growth-reports.queries clicksBySubscriber); for a range that reaches the latest click, its
-- clickers are those whose latest click is in it. Adding to a counter row commutes, so
-- concurrent clicks of one subscriber wait on each other's row but never lose a count.
CREATE TABLE "report_subscriber_clicks" (
	"account_id" integer NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"clicks" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("account_id", "subscriber_id")
);
--> statement-breakpoint
CREATE INDEX "report_subscriber_clicks_rank_idx" ON "report_subscriber_clicks"
  ("account_id", "clicks" DESC, "last_at" DESC, "subscriber_id");
--> statement-breakpoint
CREATE INDEX "report_subscriber_clicks_last_idx" ON "report_subscriber_clicks" ("account_id", "last_at");
--> statement-breakpoint
-- A subscriber's clicks in a range (the top of the ranking, and their links) without a visit to
-- the table.
CREATE INDEX "link_clicks_account_subscriber_idx" ON "link_clicks" ("account_id", "subscriber_id", "clicked_at")
  INCLUDE ("link_id") WHERE "subscriber_id" IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "report_subscriber_clicks_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    -- Clicks that left (their link or account deleted): counted off; a subscriber's latest
    -- click gone, the one before it is looked up (new clicks are stamped now, so none that a
    -- concurrent transaction adds can be older than the one deleted).
    WITH "gone" AS (
      SELECT "account_id", "subscriber_id", count(*) AS "n", max("clicked_at") AS "last"
      FROM "old_rows" WHERE "subscriber_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    )
    UPDATE "report_subscriber_clicks" r
    SET "clicks" = r."clicks" - g."n",
      "last_at" = CASE WHEN r."last_at" > g."last" THEN r."last_at" ELSE coalesce((
        SELECT max(c."clicked_at") FROM "link_clicks" c
        WHERE c."account_id" = g."account_id" AND c."subscriber_id" = g."subscriber_id"),
        r."last_at") END
    FROM "gone" g
    WHERE r."account_id" = g."account_id" AND r."subscriber_id" = g."subscriber_id";
    DELETE FROM "report_subscriber_clicks" r USING "old_rows" o
    WHERE r."account_id" = o."account_id" AND r."subscriber_id" = o."subscriber_id"
      AND r."clicks" <= 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    -- In key order, so two statements lock subscribers in the same order.
    INSERT INTO "report_subscriber_clicks" AS r ("account_id", "subscriber_id", "clicks", "last_at")
      SELECT "account_id", "subscriber_id", count(*), max("clicked_at") FROM "new_rows"
      WHERE "subscriber_id" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("account_id", "subscriber_id") DO UPDATE
      SET "clicks" = r."clicks" + excluded."clicks", "last_at" = greatest(r."last_at", excluded."last_at");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "link_clicks_report_subscriber_insert" AFTER INSERT ON "link_clicks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_subscriber_clicks_change"();
--> statement-breakpoint
CREATE TRIGGER "link_clicks_report_subscriber_update" AFTER UPDATE ON "link_clicks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_subscriber_clicks_change"();
--> statement-breakpoint
CREATE TRIGGER "link_clicks_report_subscriber_delete" AFTER DELETE ON "link_clicks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_subscriber_clicks_change"();
--> statement-breakpoint
-- Backfill of report_subscriber_clicks: what was there before the triggers, once.
INSERT INTO "report_subscriber_clicks" ("account_id", "subscriber_id", "clicks", "last_at")
SELECT "account_id", "subscriber_id", count(*), max("clicked_at") FROM "link_clicks"
WHERE "subscriber_id" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
-- Cohorts (advanced analytics): consenting subscribers by the half hour they joined (every
-- account zone's month starts on a half hour), so twelve months are at most some 17,500 rows
-- instead of every subscriber. Only subscribers feed it: whether each is still subscribed is
-- read from suppressions when asked (their own, usually few, rows), so a suppression and a
-- subscriber written in separate transactions cannot leave it wrong. Statements add their net
-- change as new rows (no counter row for sign-ups to queue on); readers fold them now and then.
CREATE TABLE "report_subscriber_joins" (
	"account_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_subscriber_joins_idx" ON "report_subscriber_joins" ("account_id", "bucket");
--> statement-breakpoint
CREATE FUNCTION "report_subscriber_joins_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_subscriber_joins" ("account_id", "bucket", "n")
      SELECT "account_id", date_bin('30 minutes', "created_at", timestamptz 'epoch'), count(*)
      FROM "new_rows" WHERE "marketing_consent_at" IS NOT NULL GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_subscriber_joins" ("account_id", "bucket", "n")
      SELECT "account_id", date_bin('30 minutes', "created_at", timestamptz 'epoch'), -count(*)
      FROM "old_rows" WHERE "marketing_consent_at" IS NOT NULL GROUP BY 1, 2;
  ELSE
    -- Most updates (names, fields, tags) move nobody: they net to nothing and add no row.
    INSERT INTO "report_subscriber_joins" ("account_id", "bucket", "n")
      SELECT "account_id", "bucket", sum("n") FROM (
        SELECT "account_id", date_bin('30 minutes', "created_at", timestamptz 'epoch') AS "bucket",
          count(*) AS "n"
        FROM "new_rows" WHERE "marketing_consent_at" IS NOT NULL GROUP BY 1, 2
        UNION ALL
        SELECT "account_id", date_bin('30 minutes', "created_at", timestamptz 'epoch'), -count(*)
        FROM "old_rows" WHERE "marketing_consent_at" IS NOT NULL GROUP BY 1, 2
      ) d GROUP BY 1, 2 HAVING sum("n") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_report_joins_insert" AFTER INSERT ON "subscribers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_subscriber_joins_change"();
--> statement-breakpoint
CREATE TRIGGER "subscribers_report_joins_update" AFTER UPDATE ON "subscribers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_subscriber_joins_change"();
--> statement-breakpoint
CREATE TRIGGER "subscribers_report_joins_delete" AFTER DELETE ON "subscribers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_subscriber_joins_change"();
--> statement-breakpoint
-- Backfill of report_subscriber_joins: what was there before the triggers, once.
INSERT INTO "report_subscriber_joins" ("account_id", "bucket", "n")
SELECT "account_id", date_bin('30 minutes', "created_at", timestamptz 'epoch'), count(*)
FROM "subscribers" WHERE "marketing_consent_at" IS NOT NULL GROUP BY 1, 2;
