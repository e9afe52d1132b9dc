ALTER TABLE "messages" DROP CONSTRAINT "messages_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_phone_number_id_phone_numbers_id_fk";
--> statement-breakpoint
-- What the two keys' ON DELETE did, without a check per inserted row: an account's messages go
-- with it; a number's messages keep their text and lose the link.
CREATE FUNCTION "messages_account_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "messages" WHERE "account_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "accounts_delete_messages" AFTER DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "messages_account_deleted"();
--> statement-breakpoint
CREATE FUNCTION "messages_number_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "messages" SET "phone_number_id" = NULL WHERE "phone_number_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_delete_messages" AFTER DELETE ON "phone_numbers"
  FOR EACH ROW EXECUTE FUNCTION "messages_number_deleted"();
--> statement-breakpoint
-- Segments: most texts are settled by an inlinable SQL test (up to 70 characters and no emoji,
-- or up to 160 characters of the basic GSM alphabet: one segment) without a PL/pgSQL call; the
-- rest go to the exact count of 0008, renamed.
ALTER FUNCTION "parley_segments"(text) RENAME TO "parley_segments_exact";
--> statement-breakpoint
CREATE FUNCTION "parley_segments"(body text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE
    WHEN char_length(body) <= 70 AND body !~ '[\U00010000-\U0010FFFF]' THEN 1
    WHEN char_length(body) <= 160
         AND body ~ '^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&''()*+,./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà-]*$' THEN 1
    ELSE parley_segments_exact(body)
  END
$fn$;
