-- Search of the manage-subscribers list ("contains" over names, e-mail and phone digits) through
-- one trigram index, so it stays an index scan at a million subscribers per account. pg_trgm is
-- a trusted extension: the database owner may create it. Kept out of schema.ts (drizzle-kit
-- cannot express the operator class on an expression); the query uses the same expression.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscribers_search_trgm_idx" ON "subscribers" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "phone") gin_trgm_ops);
