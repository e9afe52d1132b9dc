CREATE TABLE "subscriber_counts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriber_counts" ADD CONSTRAINT "subscriber_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "subscriber_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "subscriber_counts" ("account_id", "n")
    SELECT "account_id", count(*) FROM "new_rows" GROUP BY "account_id"
  ON CONFLICT ("account_id") DO UPDATE SET "n" = "subscriber_counts"."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "subscriber_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscriber_counts" c SET "n" = c."n" - d."n"
    FROM (SELECT "account_id", count(*) AS "n" FROM "old_rows" GROUP BY "account_id") d
    WHERE c."account_id" = d."account_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscribers_count_insert" AFTER INSERT ON "subscribers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_counts_add"();--> statement-breakpoint
CREATE TRIGGER "subscribers_count_delete" AFTER DELETE ON "subscribers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_counts_remove"();--> statement-breakpoint
INSERT INTO "subscriber_counts" ("account_id", "n")
  SELECT "account_id", count(*) FROM "subscribers" GROUP BY "account_id";
