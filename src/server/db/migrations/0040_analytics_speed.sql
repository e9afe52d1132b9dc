-- What the analytics views read (issue #18), each built once over the existing rows.
--
-- Failed deliveries by run and error code, with what the failed-numbers dialog needs, read
-- without visiting the table: analytics' failures by code and the dialog's subscribers had to
-- fetch every delivery of the range's runs (millions) to look at its error code. Partial: only
-- failures (a few per cent of the rows) are in it, so the send pipeline's inserts mostly skip it.
CREATE INDEX "messages_run_error_idx" ON "messages" ("run_id", "error_code")
  INCLUDE ("account_id", "subscriber_id", "created_at", "id")
  WHERE "error_code" IS NOT NULL AND "run_id" IS NOT NULL;
--> statement-breakpoint
-- A number's texts newest first: the latest text to each picked subscriber (unhealthy
-- subscribers among the failed numbers, the clean-up) and the opt-out rollup's last message
-- before a STOP take one entry each instead of sorting all of that number's texts. Replaces the
-- index on (account_id, to_number), which it serves as well.
DROP INDEX "messages_account_peer_idx";
--> statement-breakpoint
CREATE INDEX "messages_account_peer_idx" ON "messages" ("account_id", "to_number", "created_at", "id");
--> statement-breakpoint
-- Deliveries of each run by status and error code, for the sent-messages report, analytics
-- (failures by code) and click-through: counting a run read all its index entries (about a
-- second for 5,000,000 on two cores). Every statement that inserts, moves or deletes messages of
-- a run adds its net change here (statement triggers below), one row per run, status and code it
-- touched; a run's figure is the sum of its rows. Rows are only ever added (no counter row that every status callback of a big
-- campaign would wait on, so no new lock in the send pipeline); readers fold a run's rows into
-- one now and then (reports.queries statusCounts). No keys: messages have none either (0013).
CREATE TABLE "report_run_status" (
	"run_id" bigint NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_run_status_run_idx" ON "report_run_status" ("run_id");
--> statement-breakpoint
CREATE FUNCTION "report_run_status_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_run_status" ("run_id", "status", "error_code", "n")
      SELECT "run_id", "status", "error_code", count(*) FROM "new_rows" WHERE "run_id" IS NOT NULL
      GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_run_status" ("run_id", "status", "error_code", "n")
      SELECT "run_id", "status", "error_code", -count(*) FROM "old_rows" WHERE "run_id" IS NOT NULL
      GROUP BY 1, 2, 3;
  ELSE
    -- Most updates (claims, sids, read marks) move no status: they net to nothing and add no row.
    INSERT INTO "report_run_status" ("run_id", "status", "error_code", "n")
      SELECT "run_id", "status", "error_code", sum("n") FROM (
        SELECT "run_id", "status", "error_code", count(*) AS "n" FROM "new_rows"
        WHERE "run_id" IS NOT NULL GROUP BY 1, 2, 3
        UNION ALL
        SELECT "run_id", "status", "error_code", -count(*) FROM "old_rows"
        WHERE "run_id" IS NOT NULL GROUP BY 1, 2, 3
      ) d GROUP BY 1, 2, 3 HAVING sum("n") <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "messages_report_run_status_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_run_status_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_report_run_status_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_run_status_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_report_run_status_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_run_status_change"();
--> statement-breakpoint
-- What was there before the triggers, once.
INSERT INTO "report_run_status" ("run_id", "status", "error_code", "n")
  SELECT "run_id", "status", "error_code", count(*) FROM "messages" WHERE "run_id" IS NOT NULL
  GROUP BY 1, 2, 3;
