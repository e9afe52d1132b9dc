-- Subscriber growth per hour, sign-up method and business number, kept by a statement trigger on
-- the consent log: the subscriber and opt-out reports read a few hundred rows, never the log.
CREATE TABLE "report_subscriber_hourly" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"bucket" timestamp with time zone NOT NULL,
	"phone_number_id" integer DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"opted_out" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("account_id", "bucket", "phone_number_id", "method")
);
--> statement-breakpoint
-- One row per opt-out with the last message the business sent that number before it: the
-- opt-out report groups and lists these instead of searching messages per row.
CREATE TABLE "report_opt_outs" (
	"consent_event_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"opted_out_at" timestamp with time zone NOT NULL,
	"phone" text NOT NULL,
	"phone_number_id" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"message_id" bigint,
	"message_source" text,
	"message_body" text,
	"message_at" timestamp with time zone,
	"run_id" bigint,
	"send_id" bigint
);
--> statement-breakpoint
CREATE INDEX "report_opt_outs_account_at_idx" ON "report_opt_outs" ("account_id", "opted_out_at");
--> statement-breakpoint
-- CSV exports of the reports, written by a background job that reports its progress.
CREATE TABLE "report_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"report" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"file_path" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "report_exports_account_idx" ON "report_exports" ("account_id", "created_at");
--> statement-breakpoint
CREATE FUNCTION "report_consent_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A repeated STOP is logged but is not another opt-out.
  INSERT INTO "report_subscriber_hourly" AS r
      ("account_id", "bucket", "phone_number_id", "method", "joined", "opted_out")
    SELECT n."account_id", date_trunc('hour', n."created_at"), coalesce(n."phone_number_id", 0),
      coalesce(s."signup_method", 'UNKNOWN'),
      count(*) FILTER (WHERE n."action" IN ('opt_in', 'consent')),
      count(*) FILTER (WHERE n."action" = 'opt_out')
    FROM "new_rows" n
    LEFT JOIN "subscribers" s ON s."account_id" = n."account_id" AND s."phone" = n."phone"
    WHERE n."action" IN ('opt_in', 'consent')
      OR (n."action" = 'opt_out' AND n."detail" NOT LIKE '%(already opted out%')
    GROUP BY 1, 2, 3, 4
  ON CONFLICT ("account_id", "bucket", "phone_number_id", "method") DO UPDATE
    SET "joined" = r."joined" + excluded."joined", "opted_out" = r."opted_out" + excluded."opted_out";
  INSERT INTO "report_opt_outs" ("consent_event_id", "account_id", "opted_out_at", "phone",
      "phone_number_id", "source", "detail", "keyword", "message_id", "message_source",
      "message_body", "message_at", "run_id", "send_id")
    SELECT n."id", n."account_id", n."created_at", n."phone", coalesce(n."phone_number_id", 0),
      n."source", n."detail",
      CASE WHEN n."source" = 'keyword' THEN upper(split_part(trim(n."detail"), ' ', 1)) ELSE '' END,
      m."id", m."source", left(m."body", 320), m."created_at", m."run_id", r."send_id"
    FROM "new_rows" n
    LEFT JOIN LATERAL (
      SELECT x."id", x."source", x."body", x."created_at", x."run_id" FROM "messages" x
      WHERE x."account_id" = n."account_id" AND x."to_number" = n."phone"
        AND x."direction" = 'outbound' AND x."source" <> 'compliance'
        AND x."created_at" <= n."created_at"
      ORDER BY x."created_at" DESC LIMIT 1
    ) m ON true
    LEFT JOIN "send_runs" r ON r."id" = m."run_id"
    WHERE n."action" = 'opt_out' AND n."detail" NOT LIKE '%(already opted out%'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "consent_events_report_rollup" AFTER INSERT ON "consent_events"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "report_consent_rollup"();
--> statement-breakpoint
-- What was there before the trigger: the same rollups from the whole log, once.
INSERT INTO "report_subscriber_hourly" ("account_id", "bucket", "phone_number_id", "method", "joined", "opted_out")
  SELECT n."account_id", date_trunc('hour', n."created_at"), coalesce(n."phone_number_id", 0),
    coalesce(s."signup_method", 'UNKNOWN'),
    count(*) FILTER (WHERE n."action" IN ('opt_in', 'consent')),
    count(*) FILTER (WHERE n."action" = 'opt_out')
  FROM "consent_events" n
  LEFT JOIN "subscribers" s ON s."account_id" = n."account_id" AND s."phone" = n."phone"
  WHERE n."action" IN ('opt_in', 'consent')
    OR (n."action" = 'opt_out' AND n."detail" NOT LIKE '%(already opted out%')
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "report_opt_outs" ("consent_event_id", "account_id", "opted_out_at", "phone",
    "phone_number_id", "source", "detail", "keyword", "message_id", "message_source",
    "message_body", "message_at", "run_id", "send_id")
  SELECT n."id", n."account_id", n."created_at", n."phone", coalesce(n."phone_number_id", 0),
    n."source", n."detail",
    CASE WHEN n."source" = 'keyword' THEN upper(split_part(trim(n."detail"), ' ', 1)) ELSE '' END,
    m."id", m."source", left(m."body", 320), m."created_at", m."run_id", r."send_id"
  FROM "consent_events" n
  LEFT JOIN LATERAL (
    SELECT x."id", x."source", x."body", x."created_at", x."run_id" FROM "messages" x
    WHERE x."account_id" = n."account_id" AND x."to_number" = n."phone"
      AND x."direction" = 'outbound' AND x."source" <> 'compliance'
      AND x."created_at" <= n."created_at"
    ORDER BY x."created_at" DESC LIMIT 1
  ) m ON true
  LEFT JOIN "send_runs" r ON r."id" = m."run_id"
  WHERE n."action" = 'opt_out' AND n."detail" NOT LIKE '%(already opted out%';
--> statement-breakpoint
-- Clicks per subscriber over a date range (link tracking's report) without reading every link.
CREATE INDEX "link_clicks_account_clicked_idx" ON "link_clicks" ("account_id", "clicked_at");
--> statement-breakpoint
-- Conversions the business reports (pixel or call), attributed to the subscriber's last click
-- within the account's window; the key authenticates the business's calls.
CREATE TABLE "conversion_settings" (
	"account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_settings_key_key" ON "conversion_settings" ("key");
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"subscriber_id" bigint,
	"link_click_id" bigint,
	"run_id" bigint,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"order_ref" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversions_account_at_idx" ON "conversions" ("account_id", "occurred_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_account_order_key" ON "conversions" ("account_id", "order_ref") WHERE "order_ref" <> '';
